import { useEffect, useState } from 'react';

/**
 * How long a search box waits for typing to pause before it asks the server. Short, so matches
 * show within 150 ms of the last keystroke (issue 3); long enough to merge a burst of keys or a
 * paste. Superseded requests are cancelled (react-query aborts them), so the server sees few.
 */
export const SEARCH_DEBOUNCE_MS = 60;

/** The value, once it has stopped changing for `delay` ms (server-side search as the user types). */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
