/**
 * The vendor choices of the compare and approval screens, kept outside React so that one radio
 * change re-renders one item card, not all of them (a 300-line indent must stay quick on a phone).
 * Each card subscribes to its own line; the PO preview subscribes to the vendors only (a reason
 * typed does not recompute it); the checks subscribe to everything.
 */
import type { IndentLine, VendorOption } from '@erp/contracts';
import { useCallback, useSyncExternalStore } from 'react';

/** One line's choice: the vendor (its id, or none) and the reason typed for it. */
export interface Choice {
  readonly vendorId: string | null;
  readonly reason: string;
}

export const NO_CHOICE: Choice = Object.freeze({ vendorId: null, reason: '' });

export type Choices = ReadonlyMap<string, Choice>;
export type VendorChoices = ReadonlyMap<string, string | null>;

/**
 * How new server data meets the choices on screen:
 * - 'reset': the saved choices of the new data (first load, a reload after someone else's change);
 * - 'keep': the member's choices and reasons wherever the vendor is still offered (prices changed);
 * - 'auto': 'keep' once the member has changed something, else 'reset'.
 */
export type SyncMode = 'auto' | 'keep' | 'reset';

/** The option of `vendorId` on this line, if it is offered. */
export function optionOf(
  line: Pick<IndentLine, 'vendors'>,
  vendorId: string | null | undefined,
): VendorOption | undefined {
  if (!vendorId) return undefined;
  return line.vendors.find((o) => o.vendorId === vendorId);
}

/** The first lowest-priced option (the service marks ties all lowest). */
export function lowestOption(line: Pick<IndentLine, 'vendors'>): VendorOption | undefined {
  return line.vendors.find((o) => o.isLowest) ?? line.vendors[0];
}

/** True when the line's options differ from before in vendors offered, price or GST. */
export function pricesDiffer(before: readonly VendorOption[], after: readonly VendorOption[]): boolean {
  if (before.length !== after.length) return true;
  const old = new Map(before.map((o) => [o.vendorId, o]));
  return after.some((o) => {
    const was = old.get(o.vendorId);
    return !was || was.price !== o.price || was.gst !== o.gst;
  });
}

export interface SelectionStore {
  choice(itemId: string): Choice;
  /** Every line's choice; a new map after any change. */
  choices(): Choices;
  /** Every line's vendor; a new map only when a vendor changes. */
  vendors(): VendorChoices;
  /** Lines whose prices changed at the last sync (highlighted until the next save). */
  changedPrices(): ReadonlySet<string>;
  lines(): readonly IndentLine[];
  /** The member changed something since the last load or save. */
  dirty(): boolean;
  subscribe(listener: () => void): () => void;
  subscribeLine(itemId: string, listener: () => void): () => void;
  select(itemId: string, vendorId: string | null, options?: { clearReason?: boolean }): void;
  setReason(itemId: string, reason: string): void;
  /** Changes many lines at once (Auto-select Lowest, Clear All). */
  setMany(next: (line: IndentLine, current: Choice) => Choice): void;
  sync(lines: readonly IndentLine[], mode: SyncMode): void;
  /** After a save of `saved` (what `choices()` was when it was sent): clean if nothing changed since. */
  markSaved(saved: Choices): void;
  clearChangedPrices(): void;
}

/** Listeners of every change and of one line's; `emit` tells those of the lines given, then everyone's. */
function createListeners() {
  const all = new Set<() => void>();
  const byLine = new Map<string, Set<() => void>>();
  return {
    subscribe(listener: () => void) {
      all.add(listener);
      return () => void all.delete(listener);
    },
    subscribeLine(itemId: string, listener: () => void) {
      let set = byLine.get(itemId);
      if (!set) byLine.set(itemId, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
    /** Nothing when no line changed. */
    emit(lineIds: Iterable<string>) {
      const ids = [...lineIds];
      if (ids.length === 0) return;
      for (const id of ids) byLine.get(id)?.forEach((l) => l());
      all.forEach((l) => l());
    },
  };
}

/**
 * The choices after new server data: with `keep`, the member's choice wherever its vendor is still
 * offered (else none), otherwise the saved one; and the lines whose prices changed (added to the
 * ones still lit when keeping).
 */
export function syncChoices(
  before: { lines: readonly IndentLine[]; choices: Choices; changed: ReadonlySet<string> },
  lines: readonly IndentLine[],
  keep: boolean,
  initial: (line: IndentLine) => Choice,
): { choices: Map<string, Choice>; changed: Set<string> } {
  const old = new Map(before.lines.map((l) => [l.itemId, l]));
  const changed = new Set(keep ? before.changed : []);
  const choices = new Map<string, Choice>();
  for (const line of lines) {
    const was = old.get(line.itemId);
    if (was && pricesDiffer(was.vendors, line.vendors)) changed.add(line.itemId);
    const mine = before.choices.get(line.itemId);
    if (keep && mine)
      choices.set(line.itemId, optionOf(line, mine.vendorId) !== undefined ? mine : NO_CHOICE);
    else choices.set(line.itemId, initial(line));
  }
  return { choices, changed };
}

const vendorsOf = (choices: Choices) => new Map([...choices].map(([id, c]) => [id, c.vendorId]));

/** A store over `lines`, each starting at `initial(line)` (its saved choice). */
export function createSelectionStore(
  lines: readonly IndentLine[],
  initial: (line: IndentLine) => Choice,
): SelectionStore {
  let current: readonly IndentLine[] = lines;
  let choices: Map<string, Choice> = new Map(lines.map((l) => [l.itemId, initial(l)]));
  let vendors: Map<string, string | null> = vendorsOf(choices);
  let changed: Set<string> = new Set();
  let dirty = false;
  const { subscribe, subscribeLine, emit } = createListeners();

  /** Applies new choices for some lines (the member's changes); returns the lines that changed. */
  const apply = (updates: Map<string, Choice>): string[] => {
    const touched: string[] = [];
    let vendorMoved = false;
    const next = new Map(choices);
    for (const [id, c] of updates) {
      const was = choices.get(id) ?? NO_CHOICE;
      if (was.vendorId === c.vendorId && was.reason === c.reason) continue;
      next.set(id, c);
      touched.push(id);
      if (was.vendorId !== c.vendorId) vendorMoved = true;
    }
    if (touched.length === 0) return touched;
    choices = next;
    if (vendorMoved) vendors = vendorsOf(choices);
    dirty = true;
    return touched;
  };
  /** Unlights the lines whose prices changed, telling their cards. */
  const unlight = () => {
    if (changed.size === 0) return;
    const lit = changed;
    changed = new Set();
    emit(lit);
  };

  return {
    choice: (itemId) => choices.get(itemId) ?? NO_CHOICE,
    choices: () => choices,
    vendors: () => vendors,
    changedPrices: () => changed,
    lines: () => current,
    dirty: () => dirty,
    subscribe,
    subscribeLine,
    select(itemId, vendorId, { clearReason = false } = {}) {
      const was = choices.get(itemId) ?? NO_CHOICE;
      const reason = clearReason && was.vendorId !== vendorId ? '' : was.reason;
      emit(apply(new Map([[itemId, { vendorId, reason }]])));
    },
    setReason(itemId, reason) {
      const was = choices.get(itemId) ?? NO_CHOICE;
      emit(apply(new Map([[itemId, { vendorId: was.vendorId, reason }]])));
    },
    setMany(next) {
      emit(apply(new Map(current.map((l) => [l.itemId, next(l, choices.get(l.itemId) ?? NO_CHOICE)]))));
    },
    sync(lines, mode) {
      const keep = mode === 'keep' || (mode === 'auto' && dirty);
      const next = syncChoices({ lines: current, choices, changed }, lines, keep, initial);
      const touched = new Set([...choices.keys(), ...next.choices.keys(), ...changed]);
      current = lines;
      choices = next.choices;
      vendors = vendorsOf(choices);
      changed = next.changed;
      if (!keep) dirty = false;
      emit(touched);
    },
    markSaved(saved) {
      if (saved === choices) dirty = false;
      unlight();
    },
    clearChangedPrices: unlight,
  };
}

/** One line's choice (re-renders only when it changes). */
export function useChoice(store: SelectionStore, itemId: string): Choice {
  const subscribe = useCallback((l: () => void) => store.subscribeLine(itemId, l), [store, itemId]);
  return useSyncExternalStore(subscribe, () => store.choice(itemId));
}

/** Whether this line's prices changed at the last sync. */
export function useLinePricesChanged(store: SelectionStore, itemId: string): boolean {
  const subscribe = useCallback((l: () => void) => store.subscribeLine(itemId, l), [store, itemId]);
  return useSyncExternalStore(subscribe, () => store.changedPrices().has(itemId));
}

/** Every choice (for the checks and the request body). */
export const useChoices = (store: SelectionStore): Choices =>
  useSyncExternalStore(store.subscribe, store.choices);

/** Every line's vendor (for the PO preview: a reason typed leaves it alone). */
export const useVendorChoices = (store: SelectionStore): VendorChoices =>
  useSyncExternalStore(store.subscribe, store.vendors);
