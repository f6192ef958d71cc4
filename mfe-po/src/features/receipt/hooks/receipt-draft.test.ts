import { describe, expect, it } from 'vitest';
import {
  compactValues,
  createDraftTextStore,
  draftStorageKey,
  newReceiptId,
  parseDraft,
  restoreValues,
  serializeDraft,
  type ReceiptDraft,
  type TextStorage,
} from './receipt-draft';
import { BAD_INPUT, emptyReceiptValues, type ReceiptLineInfo } from './receipt-values';

const PO_ID = '11111111-1111-4111-8111-111111111111';
const CEMENT = '00000000-0000-4000-8000-000000000001';
const TMT = '00000000-0000-4000-8000-000000000002';
const SAND = '00000000-0000-4000-8000-000000000003';
const TODAY = '2026-11-25';

const lines: ReceiptLineInfo[] = [
  { itemId: CEMENT, name: 'Cement OPC 53', unit: 'bags', pending: 2050 },
  { itemId: TMT, name: 'TMT bar 12 mm', unit: 'kg', pending: 225 },
];

function draft(over: Partial<ReceiptDraft> = {}): ReceiptDraft {
  const values = emptyReceiptValues(lines, TODAY);
  values.lines[CEMENT] = { received: '20.5', rejected: '0.5', remark: 'Two bags torn' };
  return {
    format: 1,
    poId: PO_ID,
    receiptId: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee',
    step: 2,
    savedAt: 1_764_000_000_000,
    values: { ...values, notes: 'Truck MH-12', invoiceNumber: 'INV-42', invoiceAmount: '25000.50' },
    photo: { type: 'image/jpeg', size: 123_456, source: 'camera', uploadedId: null },
    ...over,
  };
}

function memoryStorage(): TextStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('the kept draft', () => {
  it('round-trips through its text form: values, receiptId, step and photo facts', () => {
    const d = draft({
      photo: {
        type: 'image/png',
        size: 10,
        source: 'file',
        uploadedId: '33333333-3333-4333-8333-333333333333',
      },
    });
    expect(parseDraft(serializeDraft(d), PO_ID)).toEqual(d);
  });

  it('is refused when it is another PO’s, another format, damaged, or has a bad receipt id', () => {
    const text = serializeDraft(draft());
    expect(parseDraft(text, '99999999-9999-4999-8999-999999999999')).toBeNull();
    expect(parseDraft(text.replace('"format":1', '"format":2'), PO_ID)).toBeNull();
    expect(parseDraft(text.slice(0, -3), PO_ID)).toBeNull();
    expect(parseDraft(serializeDraft(draft({ receiptId: 'not-a-uuid' })), PO_ID)).toBeNull();
    expect(parseDraft(JSON.stringify({ ...draft(), values: { lines: {}, notes: 1 } }), PO_ID)).toBeNull();
    expect(parseDraft(null, PO_ID)).toBeNull();
  });

  it('drops a damaged line but keeps the rest; refuses an unknown photo source', () => {
    const raw = JSON.parse(serializeDraft(draft())) as {
      values: { lines: Record<string, unknown> };
      photo: { source: string };
    };
    raw.values.lines[TMT] = { received: 5 };
    expect(parseDraft(JSON.stringify(raw), PO_ID)!.values.lines).toEqual({
      [CEMENT]: draft().values.lines[CEMENT],
    });
    raw.photo.source = 'scanner';
    expect(parseDraft(JSON.stringify(raw), PO_ID)).toBeNull();
  });

  it('stores only the lines typed in (a 300-line PO’s draft stays small)', () => {
    const compact = compactValues(draft().values);
    expect(Object.keys(compact.lines)).toEqual([CEMENT]);
  });

  it('is written to, read from and removed from storage under the PO’s key', () => {
    const storage = memoryStorage();
    const store = createDraftTextStore(() => storage);
    expect(store.write(draft())).toBe(true);
    expect([...storage.data.keys()]).toEqual([draftStorageKey(PO_ID)]);
    const read = store.read(PO_ID)!;
    expect(read.values.lines).toEqual({ [CEMENT]: draft().values.lines[CEMENT] });
    expect(read.receiptId).toBe(draft().receiptId);
    store.remove(PO_ID);
    expect(store.read(PO_ID)).toBeNull();
  });

  it('says so when the device refuses to keep it', () => {
    const store = createDraftTextStore(() => ({
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    }));
    expect(store.write(draft())).toBe(false);
    expect(createDraftTextStore(() => undefined).write(draft())).toBe(false);
  });
});

describe('restoring a draft over the PO as it is now', () => {
  const names = new Map([
    [CEMENT, 'Cement OPC 53'],
    [TMT, 'TMT bar 12 mm'],
    [SAND, 'River sand'],
  ]);

  it('keeps what was typed, even above the new pending quantity (nothing clamped)', () => {
    const smaller: ReceiptLineInfo[] = [{ ...lines[0]!, pending: 1000 }, lines[1]!];
    const { values, dropped } = restoreValues(draft(), smaller, names, TODAY);
    expect(values.lines[CEMENT]).toEqual({ received: '20.5', rejected: '0.5', remark: 'Two bags torn' });
    expect(values.lines[TMT]).toEqual({ received: '', rejected: '', remark: '' });
    expect(values).toMatchObject({
      notes: 'Truck MH-12',
      invoiceNumber: 'INV-42',
      invoiceAmount: '25000.50',
      invoiceDate: TODAY,
    });
    expect(dropped).toEqual([]);
  });

  it('leaves out lines no longer pending and names them', () => {
    const d = draft();
    d.values.lines[SAND] = { received: '4', rejected: '', remark: '' };
    const { values, dropped } = restoreValues(d, [lines[1]!], names, TODAY);
    expect(Object.keys(values.lines)).toEqual([TMT]);
    expect(dropped).toEqual(['Cement OPC 53', 'River sand']);
  });

  it('clears a number the browser could not read', () => {
    const d = draft();
    d.values.lines[TMT] = { received: BAD_INPUT, rejected: '', remark: 'r' };
    expect(restoreValues(d, lines, names, TODAY).values.lines[TMT]).toEqual({
      received: '',
      rejected: '',
      remark: 'r',
    });
  });
});

describe('receipt ids', () => {
  it('are version 4 UUIDs, new each time', () => {
    const a = newReceiptId();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newReceiptId()).not.toBe(a);
  });
});
