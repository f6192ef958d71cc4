import { useNavigationGuard, type ConfirmDialogProps } from '@erp/ui';
import { useCallback, useRef, useState } from 'react';

/**
 * Ask before leaving a form with unsaved changes, wherever the navigation comes from (the shell's
 * menu, Cancel, the back button). Returns the dialog's props and `allowLeave` for after a save.
 */
export function useUnsavedChanges(dirty: boolean): {
  dialog: Pick<ConfirmDialogProps, 'open' | 'onConfirm' | 'onCancel'>;
  allowLeave: () => void;
} {
  const [resolve, setResolve] = useState<((leave: boolean) => void) | null>(null);
  const saved = useRef(false);

  useNavigationGuard(
    dirty,
    useCallback(
      () => (saved.current ? Promise.resolve(true) : new Promise<boolean>((r) => setResolve(() => r))),
      [],
    ),
  );

  const answer = (leave: boolean) => {
    resolve?.(leave);
    setResolve(null);
  };

  return {
    dialog: { open: resolve !== null, onConfirm: () => answer(true), onCancel: () => answer(false) },
    allowLeave: () => {
      saved.current = true;
    },
  };
}
