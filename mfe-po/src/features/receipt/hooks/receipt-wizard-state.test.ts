import { describe, expect, it } from 'vitest';
import { DRAFT_FORMAT, type ReceiptDraft } from './receipt-draft';
import { emptyReceiptValues, type ReceiptLineInfo, type ReceiptValues } from './receipt-values';
import { initialWizardState, metaOf, wizardReducer, type WizardState } from './receipt-wizard-state';

const PO_ID = '11111111-1111-4111-8111-111111111111';
const RECEIPT_ID = '22222222-2222-4222-8222-222222222222';
const CEMENT = '00000000-0000-4000-8000-000000000001';
const TODAY = '2026-11-25';
const lines: ReceiptLineInfo[] = [{ itemId: CEMENT, name: 'Cement', unit: 'bag', pending: 10_000 }];
const newId = () => '33333333-3333-4333-8333-333333333333';

const typed = (received: string): ReceiptValues => ({
  ...emptyReceiptValues(lines, TODAY),
  lines: { [CEMENT]: { received, rejected: '', remark: '' } },
});

const draft = (step: 1 | 2, values: ReceiptValues): ReceiptDraft => ({
  format: DRAFT_FORMAT,
  poId: PO_ID,
  receiptId: RECEIPT_ID,
  step,
  savedAt: 0,
  values,
  photo: null,
});

const fresh = (): WizardState =>
  initialWizardState({ draft: null, values: emptyReceiptValues(lines, TODAY), dropped: [] }, lines, newId);

const photo = { blob: new Blob(['x'], { type: 'image/jpeg' }), source: 'camera' as const };

/** The state of a draft kept with a photo, whose bytes are being read back from the device. */
const withKeptPhoto = (): WizardState =>
  initialWizardState(
    {
      draft: {
        ...draft(1, typed('5')),
        photo: { type: 'image/jpeg', size: 1, source: 'camera', uploadedId: 'photo-of-the-recorded-receipt' },
      },
      values: typed('5'),
      dropped: [],
    },
    lines,
    newId,
  );

describe('the wizard state at the start', () => {
  it('without a draft: a new receipt id, step 1, nothing restored, nothing to keep', () => {
    const state = fresh();
    expect(state).toMatchObject({
      receiptId: newId(),
      step: 1,
      restored: false,
      dirty: false,
      photoKept: true,
    });
  });

  it('a draft keeps its receipt id and opens on step 2 only when its step 1 is still complete', () => {
    const complete = typed('5');
    const onTwo = initialWizardState(
      { draft: draft(2, complete), values: complete, dropped: ['Sand'] },
      lines,
      newId,
    );
    expect(onTwo).toMatchObject({
      receiptId: RECEIPT_ID,
      step: 2,
      restored: true,
      dirty: true,
      restoredDropped: ['Sand'],
    });
    // Above the pending quantity now (another receipt was recorded meanwhile): back on step 1 to see why.
    const above = typed('500');
    expect(
      initialWizardState({ draft: draft(2, above), values: above, dropped: [] }, lines, newId).step,
    ).toBe(1);
  });
});

describe('wizardReducer', () => {
  it('answers the same object when nothing changes (no render for the draft keeper’s report)', () => {
    const state = fresh();
    expect(wizardReducer(state, { type: 'kept', dirty: false, keepFailed: false })).toBe(state);
    expect(wizardReducer(state, { type: 'step', step: 1 })).toBe(state);
    const kept = wizardReducer(state, { type: 'kept', dirty: true, keepFailed: true });
    expect(kept).not.toBe(state);
    expect(kept).toMatchObject({ dirty: true, keepFailed: true });
  });

  it('a chosen photo is not uploaded yet and clears the photo problems; removing it has nothing to lose', () => {
    let state: WizardState = { ...fresh(), photoLost: true, photoError: 'Too large', photoKept: false };
    state = wizardReducer(state, { type: 'photoChosen', photo });
    expect(state).toMatchObject({ photoLost: false, photoError: null, photoKept: false });
    expect(state.photo).toEqual({ ...photo, uploadedId: null });
    state = wizardReducer(state, { type: 'photoUploaded', id: RECEIPT_ID });
    expect(metaOf(state.photo)).toEqual({
      type: 'image/jpeg',
      size: 1,
      source: 'camera',
      uploadedId: RECEIPT_ID,
    });
    state = wizardReducer(state, { type: 'photoChosen', photo: null });
    expect(state).toMatchObject({ photo: null, photoKept: true });
    expect(wizardReducer(state, { type: 'photoUploaded', id: RECEIPT_ID }).photo).toBeNull();
  });

  it('a photo read back from the device does not replace one taken meanwhile', () => {
    const taken = wizardReducer(withKeptPhoto(), { type: 'photoChosen', photo });
    const restored = { blob: new Blob(['old']), source: 'file' as const, uploadedId: null };
    expect(wizardReducer(taken, { type: 'photoRestored', photo: restored })).toBe(taken);
    expect(wizardReducer(withKeptPhoto(), { type: 'photoRestored', photo: restored }).photo).toBe(restored);
  });

  it('after a Start Over (the draft found recorded already), the draft’s photo read back late is dropped, not put on the new receipt', () => {
    const restored = {
      blob: new Blob(['old']),
      source: 'file' as const,
      uploadedId: 'photo-of-the-recorded-receipt',
    };
    const over = wizardReducer(withKeptPhoto(), { type: 'startOver', receiptId: newId() });
    expect(wizardReducer(over, { type: 'photoRestored', photo: restored }).photo).toBeNull();
    expect(wizardReducer(over, { type: 'photoLost' }).photoLost).toBe(false);
    // Without a Start Over, a photo that could not be read back is said to be lost.
    expect(wizardReducer(withKeptPhoto(), { type: 'photoLost' }).photoLost).toBe(true);
  });

  it('the first problem shows every message, opens its step and asks for its field', () => {
    const onTwo = { ...fresh(), step: 2 as const };
    const line = wizardReducer(onTwo, { type: 'invalid', field: `lines.${CEMENT}.received` });
    expect(line).toMatchObject({
      showErrors: true,
      step: 1,
      focusRequest: { field: `lines.${CEMENT}.received` },
    });
    const invoice = wizardReducer(onTwo, { type: 'invalid', field: 'invoiceNumber' });
    expect(invoice).toMatchObject({ showErrors: true, step: 2, focusRequest: { field: 'invoiceNumber' } });
  });

  it('Start Over: a new id, step 1, no photo, nothing restored or failed, new inputs', () => {
    const before: WizardState = {
      ...fresh(),
      step: 2,
      photo: { ...photo, uploadedId: null },
      photoLost: true,
      photoError: 'x',
      restored: true,
      restoredDropped: ['Sand'],
      showErrors: true,
      sendFailed: true,
      recordedAlready: 'INV-1',
    };
    const after = wizardReducer(before, { type: 'startOver', receiptId: RECEIPT_ID });
    expect(after).toMatchObject({
      receiptId: RECEIPT_ID,
      step: 1,
      photo: null,
      photoLost: false,
      photoError: null,
      restored: false,
      restoredDropped: [],
      showErrors: false,
      sendFailed: false,
      generation: before.generation + 1,
      // Said by its own banner, set after Start Over by the caller.
      recordedAlready: 'INV-1',
    });
  });

  it('sending clears the last failure and the photo problem; a network failure is remembered', () => {
    let state: WizardState = { ...fresh(), sendFailed: true, photoError: 'x' };
    state = wizardReducer(state, { type: 'sendStarted' });
    expect(state).toMatchObject({ sending: true, sendFailed: false, photoError: null });
    state = wizardReducer(wizardReducer(state, { type: 'sendFailed' }), { type: 'sendEnded' });
    expect(state).toMatchObject({ sending: false, sendFailed: true });
  });
});
