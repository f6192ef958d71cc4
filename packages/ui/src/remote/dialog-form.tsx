import type { ReactNode } from 'react';

/**
 * The form inside a dialog: the browser's own checks off (the dialog says what is wrong its way),
 * Enter or the submit button call `onSubmit` without a page load, the parts one under the other.
 */
export function DialogForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      style={{ display: 'grid', gap: '1rem' }}
    >
      {children}
    </form>
  );
}
