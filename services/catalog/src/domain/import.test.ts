import { describe, expect, it } from 'vitest';
import { Refusal, type VendorInfo } from './plan.js';
import {
  appliedRows,
  groupByItem,
  prepareGroup,
  refusedAll,
  refusedByPlan,
  rowPrice,
  toImportRows,
  VendorLookup,
  WRONG_COLUMNS,
} from './import.js';
import { readCsv } from '../plugins/import.js';

const A: VendorInfo = {
  vendorId: 'a',
  displayId: 'VEN-0001',
  name: 'Deccan Steel Suppliers',
  status: 'active',
};
const csv = (text: string) => toImportRows(readCsv(Buffer.from(text)));
const HEADER = 'Item Name,Unit,Vendor,Price,GST,MOQ,Status,Notes';

describe('reading import rows', () => {
  it('keeps file row numbers, skips blank rows, accepts columns in any order and a BOM', () => {
    const rows = csv(
      `\uFEFF${HEADER}\nCement,bags,VEN-0001,380,106.4,50,active,ok\n,,,,,,,\nSand,CBM,,,,,,\n`,
    );
    expect(rows.map((r) => [r.row, r.itemName, r.vendor])).toEqual([
      [2, 'Cement', 'VEN-0001'],
      [4, 'Sand', ''],
    ]);
    const reordered = csv('Unit,Item Name,Vendor,Price,GST,MOQ,Status,Notes\nkg,Wire,,,,,,\n');
    expect(reordered[0]).toMatchObject({ itemName: 'Wire', unit: 'kg' });
  });
  it('refuses a file without the expected columns, naming them', () => {
    expect(() => csv('Name,Unit\nx,y\n')).toThrow(WRONG_COLUMNS);
    expect(WRONG_COLUMNS).toBe(
      'The file must have the columns: Item Name, Unit, Vendor, Price, GST, MOQ, Status, Notes',
    );
  });
  it('groups rows by item name without case or extra spaces', () => {
    const rows = csv(`${HEADER}\nCement OPC,bags,a,1,,,,\n cement  opc ,bags,b,2,,,,\nSand,CBM,,,,,,\n`);
    expect([...groupByItem(rows).entries()].map(([k, v]) => [k, v.map((r) => r.row)])).toEqual([
      ['cement opc', [2, 3]],
      ['sand', [4]],
    ]);
  });
  it('turns a row into a price in paise, refusing bad numbers with the spec words', () => {
    const [row] = csv(`${HEADER}\nCement,bags,VEN-0001,"1,380.50",106.4,50,Inactive,note\n`);
    expect(rowPrice(row!, A)).toEqual({
      vendorId: 'a',
      pricePaise: 138050,
      gstPaise: 10640,
      moqHundredths: 5000,
      status: 'inactive',
      notes: 'note',
    });
    for (const price of ['0', '-1', 'abc', '', '1.234']) {
      expect(rowPrice({ ...row!, price }, A)).toBe(
        'Vendor Deccan Steel Suppliers: Price must be greater than 0',
      );
    }
    expect(rowPrice({ ...row!, status: 'maybe' }, A)).toBe('Status must be active or inactive');
  });
  it('finds vendors by display id or name; unknown ones are refused', () => {
    const lookup = new VendorLookup([A]);
    expect(lookup.find('ven-0001')).toBe(A);
    expect(lookup.find(' deccan steel suppliers ')).toBe(A);
    expect(lookup.find('Nobody')).toBe('Vendor not found');
  });
  it('a group with one bad row is refused as a whole, naming the row', () => {
    const rows = csv(`${HEADER}\nCement,bags,VEN-0001,380,,,,\nCement,bags,Nobody,10,,,,\n`);
    expect(prepareGroup(rows, new VendorLookup([A]), false)).toMatchObject({
      culprit: { row: 3 },
      reason: 'Vendor not found',
    });
    const twoUnits = csv(`${HEADER}\nCement,bags,,,,,,\nCement,kg,,,,,,\n`);
    expect(prepareGroup(twoUnits, new VendorLookup([A]), false)).toMatchObject({
      reason: 'The rows of this item give different units',
    });
  });
});

describe('what each row of an import reports', () => {
  const rows = csv(`${HEADER}\nCement,bags,VEN-0001,380,,,,\nCement,bags,,,,,,\n`);

  it('refuses every row of a group, naming the culprit on the others', () => {
    expect(refusedAll(rows, rows[0]!, 'Vendor not found').map((r) => r.message)).toEqual([
      'Vendor not found',
      'Not applied: row 2 of this item was refused (Vendor not found)',
    ]);
    expect(refusedAll(rows, null, 'An item with this name already exists').map((r) => r.outcome)).toEqual([
      'refused',
      'refused',
    ]);
  });

  it('blames the row of the vendor an item rule refused, else the first row', () => {
    const prepared = prepareGroup(rows, new VendorLookup([A]), false);
    if ('reason' in prepared) throw new Error(prepared.reason);
    const byVendor = refusedByPlan(rows, prepared, new Refusal(400, 'Vendor X is blocked', 'a'));
    expect(byVendor[0]!.message).toBe('Vendor X is blocked');
    const byItem = refusedByPlan(rows.slice().reverse(), prepared, new Refusal(400, 'Unit is required'));
    expect(byItem.map((r) => r.message)).toEqual([
      'Unit is required',
      'Not applied: row 3 of this item was refused (Unit is required)',
    ]);
  });

  it('reports a row by its vendor’s price, a row without vendor by the item, and an unchanged price of a new item as created', () => {
    const prepared = prepareGroup(rows, new VendorLookup([A]), false);
    if ('reason' in prepared) throw new Error(prepared.reason);
    const created = appliedRows(rows, prepared, {
      outcomes: new Map([['a', 'unchanged']]),
      itemOutcome: 'created',
    });
    expect(created.map((r) => [r.outcome, r.message])).toEqual([
      ['created', 'Created'],
      ['created', 'Created'],
    ]);
    const priceOnly = appliedRows(rows, prepared, {
      outcomes: new Map([['a', 'updated']]),
      itemOutcome: 'unchanged',
    });
    expect(priceOnly.map((r) => [r.outcome, r.message])).toEqual([
      ['updated', 'Updated'],
      ['unchanged', 'No changes'],
    ]);
  });
});
