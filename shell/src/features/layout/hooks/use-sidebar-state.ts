import { useCallback, useEffect, useState } from 'react';

const COOKIE = 'sidebar_state';
const MAX_AGE = 60 * 60 * 24 * 7; // SPEC §9: kept for 7 days

function readCookie(): boolean {
  const match = document.cookie.match(/(?:^|;\s*)sidebar_state=(true|false)/);
  return match ? match[1] === 'true' : true;
}

/** Expanded (16rem) or icon-only (3rem) sidebar, remembered in a cookie; Ctrl/Cmd+B toggles. */
export function useSidebarState(): [boolean, () => void] {
  const [expanded, setExpanded] = useState(readCookie);

  const toggle = useCallback(() => {
    setExpanded((value) => {
      const next = !value;
      document.cookie = `${COOKIE}=${next}; path=/; max-age=${MAX_AGE}; samesite=lax`;
      return next;
    });
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key.toLowerCase() === 'b' &&
        (event.metaKey || event.ctrlKey) &&
        !event.altKey &&
        !event.shiftKey
      ) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  return [expanded, toggle];
}
