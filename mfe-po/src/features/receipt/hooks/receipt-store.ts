/**
 * The receipt's values, kept outside React so that a keystroke re-renders the row typed in and
 * nothing else (a 300-line PO must stay quick on a phone). Each row subscribes to its own line, each
 * step-2 field to itself; the step-1 action bar and the draft keeper subscribe to everything, and do
 * little with it. Values are immutable: a change makes a new line object and a new top-level object.
 */
import { useSyncExternalStore } from 'react';
import { lineOf, type ReceiptLineValues, type ReceiptValues } from './receipt-values';

type Listener = () => void;
export type ReceiptField = Exclude<keyof ReceiptValues, 'lines'>;

export interface ReceiptStore {
  get(): ReceiptValues;
  line(itemId: string): ReceiptLineValues;
  /**
   * Bumped when the values are replaced from outside (a draft restored, Discard): uncontrolled
   * inputs use it in their key to show the new values.
   */
  generation(): number;
  setLine(itemId: string, patch: Partial<ReceiptLineValues>): void;
  setField(field: ReceiptField, value: string): void;
  replace(values: ReceiptValues): void;
  subscribe(listener: Listener): () => void;
  subscribeLine(itemId: string, listener: Listener): () => void;
  subscribeField(field: ReceiptField, listener: Listener): () => void;
}

export function createReceiptStore(initial: ReceiptValues): ReceiptStore {
  let values = initial;
  let generation = 0;
  const all = new Set<Listener>();
  const byKey = new Map<string, Set<Listener>>();

  const listen = (key: string, listener: Listener) => {
    let set = byKey.get(key);
    if (!set) byKey.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) byKey.delete(key);
    };
  };
  const notify = (keys: Iterable<string> | null) => {
    if (keys === null) for (const set of byKey.values()) for (const l of [...set]) l();
    else for (const key of keys) for (const l of [...(byKey.get(key) ?? [])]) l();
    for (const l of [...all]) l();
  };

  return {
    get: () => values,
    line: (itemId) => lineOf(values, itemId),
    generation: () => generation,
    setLine(itemId, patch) {
      const before = lineOf(values, itemId);
      const after = { ...before, ...patch };
      if (
        after.received === before.received &&
        after.rejected === before.rejected &&
        after.remark === before.remark
      )
        return;
      values = { ...values, lines: { ...values.lines, [itemId]: after } };
      notify([`line:${itemId}`]);
    },
    setField(field, value) {
      if (values[field] === value) return;
      values = { ...values, [field]: value };
      notify([`field:${field}`]);
    },
    replace(next) {
      values = next;
      generation += 1;
      notify(null);
    },
    subscribe(listener) {
      all.add(listener);
      return () => {
        all.delete(listener);
      };
    },
    subscribeLine: (itemId, listener) => listen(`line:${itemId}`, listener),
    subscribeField: (field, listener) => listen(`field:${field}`, listener),
  };
}

/** One line's values; re-renders only when that line changes. */
export function useLineValues(store: ReceiptStore, itemId: string): ReceiptLineValues {
  return useSyncExternalStore(
    (onChange) => store.subscribeLine(itemId, onChange),
    () => store.line(itemId),
  );
}

/** One step-2 field's value; re-renders only when it changes. */
export function useFieldValue(store: ReceiptStore, field: ReceiptField): string {
  return useSyncExternalStore(
    (onChange) => store.subscribeField(field, onChange),
    () => store.get()[field],
  );
}

/** Every value (for what must see them all: the step-1 bar, the summary). */
export function useReceiptValues(store: ReceiptStore): ReceiptValues {
  return useSyncExternalStore(store.subscribe, store.get);
}

/** The replacement count, for keys of uncontrolled inputs. */
export function useGeneration(store: ReceiptStore): number {
  return useSyncExternalStore(store.subscribe, store.generation);
}
