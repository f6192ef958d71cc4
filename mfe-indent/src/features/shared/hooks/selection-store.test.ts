import { describe, expect, it, vi } from 'vitest';
import { clearChoice, savedCompareChoice, selectLowest } from './compare-logic';
import { createSelectionStore, NO_CHOICE, pricesDiffer } from './selection-store';
import { line, option, V } from './test-lines';

const lines = () => [
  line('a', { selectedVendor: V.mid, reasonForSelection: 'Nearer site' }),
  line('b'),
  line('c'),
];

describe('selection store', () => {
  it('starts from each line’s saved choice, clean', () => {
    const store = createSelectionStore(lines(), savedCompareChoice);
    expect(store.choice('a')).toEqual({ vendorId: V.mid, reason: 'Nearer site' });
    expect(store.choice('b')).toBe(NO_CHOICE);
    expect(store.dirty()).toBe(false);
  });

  it('tells only the changed line’s listeners (one card re-renders), and everyone subscribed to all', () => {
    const store = createSelectionStore(lines(), savedCompareChoice);
    const a = vi.fn();
    const b = vi.fn();
    const all = vi.fn();
    store.subscribeLine('a', a);
    store.subscribeLine('b', b);
    store.subscribe(all);
    store.select('b', V.low);
    expect(b).toHaveBeenCalledTimes(1);
    expect(a).not.toHaveBeenCalled();
    expect(all).toHaveBeenCalledTimes(1);
    expect(store.dirty()).toBe(true);
  });

  it('says nothing when nothing changes', () => {
    const store = createSelectionStore(lines(), savedCompareChoice);
    const all = vi.fn();
    store.subscribe(all);
    store.select('a', V.mid);
    expect(all).not.toHaveBeenCalled();
    expect(store.dirty()).toBe(false);
  });

  it('keeps the vendors map while only a reason changes (the preview is not recomputed)', () => {
    const store = createSelectionStore(lines(), savedCompareChoice);
    const vendors = store.vendors();
    const choices = store.choices();
    store.setReason('a', 'Quality');
    expect(store.vendors()).toBe(vendors);
    expect(store.choices()).not.toBe(choices);
    store.select('a', V.low);
    expect(store.vendors()).not.toBe(vendors);
    expect(store.vendors().get('a')).toBe(V.low);
  });

  it('clears the reason on a vendor change when asked (the approver’s override)', () => {
    const store = createSelectionStore(lines(), () => ({ vendorId: V.mid, reason: 'mine' }));
    store.select('a', V.high, { clearReason: true });
    expect(store.choice('a')).toEqual({ vendorId: V.high, reason: '' });
    store.setReason('a', 'again');
    store.select('a', V.high, { clearReason: true });
    expect(store.choice('a').reason).toBe('again');
  });

  it('changes every line at once (Auto-select Lowest, Clear All)', () => {
    const store = createSelectionStore(lines(), savedCompareChoice);
    store.setMany(selectLowest);
    expect([...store.vendors().values()]).toEqual([V.low, V.low, V.low]);
    store.setMany(clearChoice);
    expect([...store.vendors().values()]).toEqual([null, null, null]);
  });

  it('after "prices changed" keeps the member’s choices where the vendor is still offered, and marks the lines whose prices moved', () => {
    const store = createSelectionStore(lines(), savedCompareChoice);
    store.select('a', V.high);
    store.setReason('a', 'Brand asked by the client');
    store.select('b', V.mid);
    store.setReason('b', 'Credit terms');
    store.select('c', V.low);
    const next = [
      line('a', {
        selectedVendor: V.mid,
        vendors: [
          option(V.low, 100, 18, true),
          option(V.mid, 110, 19.8, false),
          option(V.high, 125, 22.5, false),
        ],
      }),
      line('b', { vendors: [option(V.low, 100, 18, true), option(V.high, 120, 21.6, false)] }),
      line('c'),
    ];
    const lit = vi.fn();
    store.subscribeLine('c', lit);
    store.sync(next, 'keep');
    expect(store.choice('a')).toEqual({ vendorId: V.high, reason: 'Brand asked by the client' });
    expect(store.choice('b')).toBe(NO_CHOICE);
    expect(store.choice('c')).toEqual({ vendorId: V.low, reason: '' });
    expect([...store.changedPrices()].sort()).toEqual(['a', 'b']);
    expect(store.dirty()).toBe(true);
    store.clearChangedPrices();
    expect(store.changedPrices().size).toBe(0);
  });

  it('a reset takes the saved choices and is clean', () => {
    const store = createSelectionStore(lines(), savedCompareChoice);
    store.select('b', V.high);
    store.sync([line('a', { selectedVendor: V.low }), line('b'), line('c')], 'reset');
    expect(store.choice('a')).toEqual({ vendorId: V.low, reason: '' });
    expect(store.choice('b')).toBe(NO_CHOICE);
    expect(store.dirty()).toBe(false);
  });

  it('auto keeps changes once the member made some, else takes the new saved choices', () => {
    const clean = createSelectionStore(lines(), savedCompareChoice);
    clean.sync([line('a', { selectedVendor: V.low }), line('b'), line('c')], 'auto');
    expect(clean.choice('a').vendorId).toBe(V.low);
    const dirty = createSelectionStore(lines(), savedCompareChoice);
    dirty.select('b', V.high);
    dirty.sync([line('a', { selectedVendor: V.low }), line('b'), line('c')], 'auto');
    expect(dirty.choice('a').vendorId).toBe(V.mid);
    expect(dirty.choice('b').vendorId).toBe(V.high);
  });

  it('is clean after a save of what is on screen, still dirty if it changed meanwhile', () => {
    const store = createSelectionStore(lines(), savedCompareChoice);
    store.select('b', V.low);
    const sent = store.choices();
    store.markSaved(sent);
    expect(store.dirty()).toBe(false);
    store.select('c', V.low);
    const sentAgain = store.choices();
    store.select('c', V.mid);
    store.markSaved(sentAgain);
    expect(store.dirty()).toBe(true);
  });
});

describe('pricesDiffer', () => {
  it('sees a new price, GST, vendor or a vendor gone, not a new order', () => {
    const base = [option(V.low, 100, 18, true), option(V.mid, 110, 0, false)];
    expect(pricesDiffer(base, [base[1]!, base[0]!])).toBe(false);
    expect(pricesDiffer(base, [option(V.low, 100, 18, true), option(V.mid, 111, 0, false)])).toBe(true);
    expect(pricesDiffer(base, [option(V.low, 100, 17, true), option(V.mid, 110, 0, false)])).toBe(true);
    expect(pricesDiffer(base, [base[0]!])).toBe(true);
    expect(pricesDiffer(base, [base[0]!, option(V.high, 110, 0, false)])).toBe(true);
  });
});
