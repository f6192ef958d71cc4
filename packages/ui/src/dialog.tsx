import { lazy, Suspense, type ReactNode } from 'react';
import styled from 'styled-components';
import { lazyPart, useOpenedOnce, usePreload } from './lazy-part';
import { keepClear } from './overlays/keep-clear';
import { theme } from './theme';

/** A dialog's buttons; toasts never cover them (data-keep-clear, decision 0038). */
export const DialogFooter = styled.div.attrs(keepClear)`
  display: flex;
  justify-content: flex-end;
  gap: 0.5rem;
  ${theme.media.mobile} {
    flex-direction: column-reverse;
    & > * {
      width: 100%;
    }
  }
`;

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** alertdialog for confirmations: clicking the backdrop does not dismiss it. */
  role?: 'dialog' | 'alertdialog';
  /**
   * Where the focus goes when the dialog closes (Radix's onCloseAutoFocus): by default back to what
   * opened it; call event.preventDefault() and focus something else (the field the user types in next).
   */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Radix Dialog, styled (overlays/dialog-impl.tsx); fetched when the browser is idle after a dialog is first on a page. */
export const loadDialogs = lazyPart(() => import('./overlays/dialog-impl'));
const DialogImpl = lazy(() => loadDialogs().then((m) => ({ default: m.DialogImpl })));

export function Dialog(props: DialogProps) {
  usePreload(loadDialogs);
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <DialogImpl {...props} />
    </Suspense>
  );
}
