import { useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { theme } from './theme';
import { ToastEntry } from './toast-entry';
import { getToasts, subscribeToasts } from './toast-store';

const Region = styled.ol`
  position: fixed;
  right: 1rem;
  bottom: 1rem;
  z-index: ${theme.z.toast};
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  width: min(24rem, calc(100vw - 2rem));
  margin: 0;
  padding: 0;
  list-style: none;
  pointer-events: none;
  /* Above the phone's bottom navigation bar. */
  ${theme.media.mobile} { bottom: calc(4.5rem + env(safe-area-inset-bottom)); }
`;

/** Mount once per page (the shell does); shows toasts bottom-right. */
export function Toaster() {
  const items = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <Region aria-live="polite" aria-label="Notifications">
      {items.map((item) => (
        <ToastEntry key={item.id} item={item} />
      ))}
    </Region>
  );
}
