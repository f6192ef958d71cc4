import { describe, expect, it } from 'vitest';
import { BOQ_MESSAGES, MAX_BOQ_LINES, TOO_MANY_BOQ_LINES } from '@erp/contracts';
import { importRows, inactiveItem, previewImport, snapshotIndex, type SnapshotRow } from './boq-import.js';

const CEMENT = '0a1b2c3d-0000-4000-8000-000000000001';
const snapshot = (item_id: string, name: string, over: Partial<SnapshotRow> = {}): SnapshotRow => ({
  item_id,
  name,
  unit: 'Bag',
  status: 'active',
  name_key: name.toLowerCase(),
  ...over,
});

describe('importRows', () => {
  it('collects the names and ids the rows name, in lower case', () => {
    const { rows, names, ids } = importRows([
      ['Item', 'Unit', 'Quantity', 'Rate'],
      ['Cement', 'bag', '1', '1'],
      [CEMENT.toUpperCase(), 'bag', '1', '1'],
    ]);
    expect(rows).toHaveLength(2);
    expect(names).toEqual(['cement']);
    expect(ids).toEqual([CEMENT]);
  });

  it('refuses more lines than a BOQ may have', () => {
    const table = [
      ['Item', 'Unit', 'Quantity', 'Rate'],
      ...Array.from({ length: MAX_BOQ_LINES + 1 }, () => ['x', 'u', '1', '1']),
    ];
    expect(() => importRows(table)).toThrow(TOO_MANY_BOQ_LINES);
  });
});

describe('snapshotIndex', () => {
  it('prefers the active snapshot when two share a name', () => {
    const index = snapshotIndex([
      snapshot('old', 'Cement', { status: 'inactive' }),
      snapshot('new', 'Cement'),
    ]);
    expect(index.byKey.get('cement')?.item_id).toBe('new');
    expect(index.byId.size).toBe(2);
  });
});

describe('previewImport', () => {
  it('accepts known items, refuses unknown, inactive and repeated ones, and groups unknown names', () => {
    const { rows } = importRows([
      ['Item', 'Unit', 'Quantity', 'Rate'],
      ['cement', 'bag', '2', '400'],
      ['Old bricks', 'nos', '10', '8'],
      ['Steel', 'kg', '5', '70'],
      ['Steel', '', '1', '70'],
      [CEMENT, 'bag', '1', '400'],
    ]);
    const index = snapshotIndex([
      snapshot(CEMENT, 'Cement'),
      snapshot('0a1b2c3d-0000-4000-8000-000000000002', 'Old bricks', { status: 'inactive' }),
    ]);
    const preview = previewImport('boq.xlsx', rows, index);
    expect(preview.totalRows).toBe(5);
    // The unit as the item master spells it.
    expect(preview.lines).toEqual([
      { row: 2, item: { _id: CEMENT, name: 'Cement' }, unit: 'Bag', plannedQty: 2, rate: 400, remark: '' },
    ]);
    expect(preview.refused).toEqual([
      { row: 3, item: 'Old bricks', reasons: [inactiveItem('Old bricks')] },
      { row: 4, item: 'Steel', reasons: [BOQ_MESSAGES.unknownItem] },
      {
        row: 5,
        item: 'Steel',
        reasons: [BOQ_MESSAGES.unknownItem, BOQ_MESSAGES.unit, BOQ_MESSAGES.duplicateItem],
      },
      { row: 6, item: CEMENT, reasons: [BOQ_MESSAGES.duplicateItem] },
    ]);
    expect(preview.unknownItems).toEqual([{ name: 'Steel', unit: 'kg', rows: [4, 5] }]);
  });
});
