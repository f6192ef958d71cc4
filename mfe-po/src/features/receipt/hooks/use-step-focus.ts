/**
 * Focus on the wizard's steps: a new step starts at the top with its name focused (a screen reader
 * says where the user is), and a field with a problem is brought on screen and focused once its step
 * shows it (a line far down a long PO is scrolled to first: the table is virtualised).
 */
import { focusField, revealField } from '@erp/ui/remote-form';
import { useEffect, useRef, type RefObject } from 'react';
import { receiptFieldId, type ReceiptLineInfo } from './receipt-values';
import type { WizardDispatch, WizardState, WizardStep } from './receipt-wizard-state';

/** The id of the element around step 1's lines (the list scrolled to reveal a line). */
export const LINES_ID = 'receipt-lines';

export interface StepFocusInput {
  step: WizardStep;
  stepRef: RefObject<HTMLLIElement | null>;
  focusRequest: WizardState['focusRequest'];
  lines: readonly ReceiptLineInfo[];
  dispatch: WizardDispatch;
}

export function useStepFocus({ step, stepRef, focusRequest, lines, dispatch }: StepFocusInput) {
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    window.scrollTo({ top: 0 });
    stepRef.current?.focus({ preventScroll: true });
  }, [step, stepRef]);

  useEffect(() => {
    if (!focusRequest) return;
    const { field } = focusRequest;
    const id = receiptFieldId(field);
    const line = /^lines\.([^.]+)\./.exec(field);
    if (line) {
      const index = lines.findIndex((l) => l.itemId === line[1]);
      if (step === 1)
        revealField(id, { listId: LINES_ID, index: Math.max(0, index), total: lines.length }, undefined, 30);
    } else if (step === 2) requestAnimationFrame(() => focusField(id));
    dispatch({ type: 'focusDone' });
  }, [focusRequest, step, lines, dispatch]);
}
