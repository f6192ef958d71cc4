import { describe, expect, it } from 'vitest';
import { createReceiptStore } from './receipt-store';
import { emptyReceiptValues, type ReceiptLineInfo } from './receipt-values';

const lines: ReceiptLineInfo[] = Array.from({ length: 300 }, (_, i) => ({
  itemId: `item-${i}`,
  name: `Item ${i}`,
  unit: 'pcs',
  pending: 1000,
}));

describe('the receipt store', () => {
  it('tells only the line typed in (and the whole-store listeners), not the other 299', () => {
    const store = createReceiptStore(emptyReceiptValues(lines, '2026-11-25'));
    const told: string[] = [];
    for (const l of lines) store.subscribeLine(l.itemId, () => told.push(l.itemId));
    store.subscribeField('invoiceNumber', () => told.push('invoiceNumber'));
    let all = 0;
    store.subscribe(() => (all += 1));
    const before = store.get();
    const other = store.line('item-1');
    store.setLine('item-7', { received: '5' });
    expect(told).toEqual(['item-7']);
    expect(all).toBe(1);
    expect(store.get()).not.toBe(before);
    expect(store.line('item-1')).toBe(other);
    expect(store.line('item-7')).toEqual({ received: '5', rejected: '', remark: '' });
    store.setLine('item-7', { received: '5' });
    expect(all).toBe(1);
    store.setField('invoiceNumber', 'INV-1');
    expect(told).toEqual(['item-7', 'invoiceNumber']);
  });

  it('tells everyone and bumps its generation when its values are replaced (a draft restored)', () => {
    const store = createReceiptStore(emptyReceiptValues(lines, '2026-11-25'));
    const told: string[] = [];
    store.subscribeLine('item-0', () => told.push('item-0'));
    store.subscribeField('notes', () => told.push('notes'));
    store.replace({ ...store.get(), notes: 'x' });
    expect(told.sort()).toEqual(['item-0', 'notes']);
    expect(store.generation()).toBe(1);
  });
});
