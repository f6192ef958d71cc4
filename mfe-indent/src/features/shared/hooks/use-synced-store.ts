import type { IndentCompare, IndentLine } from '@erp/contracts';
import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createSelectionStore, type Choice, type SyncMode } from './selection-store';

/**
 * A selection store over the indent on screen, following it as new data arrives (a save's answer,
 * a refetch): `nextSync('keep')` before a refetch after "prices changed" keeps the member's choices,
 * `nextSync('reset')` before a reload after someone else's change takes the saved ones.
 */
export function useSyncedStore(indent: IndentCompare, initial: (line: IndentLine) => Choice) {
  const [store] = useState(() => createSelectionStore(indent.items, initial));
  const mode = useRef<SyncMode>('auto');
  const base = useRef(indent);
  useLayoutEffect(() => {
    const was = base.current;
    base.current = indent;
    // A fleet cost saved changes the indent, not its lines: nothing to sync.
    if (was === indent || (was.items === indent.items && was.pricesVersion === indent.pricesVersion)) return;
    store.sync(indent.items, mode.current);
    mode.current = 'auto';
  }, [indent, store]);
  const dirty = useSyncExternalStore(store.subscribe, store.dirty);
  return {
    store,
    dirty,
    /** How the next data to arrive meets the choices on screen. */
    nextSync: (next: SyncMode) => {
      mode.current = next;
    },
  };
}

/** The latest value, for handlers that must not re-render on it. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
