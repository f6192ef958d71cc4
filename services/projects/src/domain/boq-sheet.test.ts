import { describe, expect, it } from 'vitest';
import { BOQ_MESSAGES } from '@erp/contracts';
import {
  exportFileName,
  isItemId,
  parseBoqTable,
  QTY_DECIMALS,
  UNIT_TOO_LONG,
  WRONG_COLUMNS,
} from './boq-sheet.js';

describe('parseBoqTable', () => {
  it("finds the header under an export's details by the columns' aliases and skips blank rows", () => {
    const rows = parseBoqTable([
      ['BOQ Number', 'BOQ-0001'],
      [],
      ['Material', 'UOM', 'Qty', 'Unit rate', 'Remarks'],
      ['Cement', 'bag', '1,250.5', '₹410', ' OPC '],
      ['', '', '', '', ''],
      ['Sand', 'cum', '3', "'=1+1", ''],
    ]);
    expect(rows[0]).toEqual({
      row: 4,
      item: 'Cement',
      unit: 'bag',
      plannedQty: 1250.5,
      rate: 410,
      remark: 'OPC',
      reasons: [],
    });
    expect(rows[1]).toMatchObject({ row: 6, item: 'Sand', rate: null, reasons: [BOQ_MESSAGES.rate] });
    expect(rows).toHaveLength(2);
  });

  it('gives every reason a row is refused for', () => {
    const [row] = parseBoqTable([
      ['Item', 'Unit', 'Quantity', 'Rate'],
      ['', 'a very long unit name indeed', '1.234', '0'],
    ]);
    expect(row!.reasons).toEqual([BOQ_MESSAGES.item, QTY_DECIMALS, UNIT_TOO_LONG, BOQ_MESSAGES.rate]);
    expect(row!.plannedQty).toBeNull();
  });

  it('refuses a file without the required columns', () => {
    expect(() => parseBoqTable([['Item', 'Unit', 'Rate']])).toThrow(WRONG_COLUMNS);
  });
});

describe('sheet names', () => {
  it('tells an item id from a name', () => {
    expect(isItemId('0A1B2C3D-0000-4000-8000-000000000001')).toBe(true);
    expect(isItemId('Cement 53 grade')).toBe(false);
  });

  it('names the export after the BOQ with safe characters only', () => {
    expect(exportFileName({ boqNumber: 'BOQ-0001', name: 'Tower A / Phase: 2' })).toBe(
      'BOQ-0001 Tower A Phase 2.xlsx',
    );
    expect(exportFileName({ boqNumber: '', name: '...' })).toBe('BOQ.xlsx');
  });
});
