import { describe, expect, it } from 'vitest';
import { PO_MESSAGES } from '@erp/contracts';
import {
  acceptLines,
  askedLines,
  checkInvoiceDate,
  checkResend,
  expectedInvoicePaise,
  sameReceipt,
  todayInIndia,
  type RecordedReceipt,
} from './receipt.js';

const CEMENT = '00000000-0000-4000-8000-000000000001';
const TMT = '00000000-0000-4000-8000-000000000002';

const poLine = (id: string, item: string, quantity: number, received = 0) => ({
  id,
  item_id: item,
  item_name: item === CEMENT ? 'Cement OPC 53' : 'TMT bar 12 mm',
  unit: item === CEMENT ? 'bag' : 'kg',
  unit_total_paise: 41_300,
  quantity_hundredths: quantity,
  received_hundredths: received,
  cancelled_hundredths: 0,
});

describe('an invoice date', () => {
  it('is today in India: 18:30 UTC is already the next day', () => {
    expect(todayInIndia(Date.parse('2026-11-25T18:29:00Z'))).toBe('2026-11-25');
    expect(todayInIndia(Date.parse('2026-11-25T18:30:00Z'))).toBe('2026-11-26');
  });

  it('must be a real calendar date not after today', () => {
    expect(() => checkInvoiceDate('2026-11-20', '2026-11-25')).not.toThrow();
    expect(() => checkInvoiceDate('2026-11-25', '2026-11-25')).not.toThrow();
    expect(() => checkInvoiceDate('2026-02-30', '2026-11-25')).toThrow(PO_MESSAGES.invoiceDate);
    expect(() => checkInvoiceDate('2026-11-26', '2026-11-25')).toThrow(PO_MESSAGES.invoiceDateFuture);
  });
});

describe('the lines asked', () => {
  it('are hundredths, lower-case items, trimmed remarks, and only those with something received', () => {
    expect(
      askedLines([
        { item: CEMENT.toUpperCase(), receivedQuantity: 10.5, rejectedQuantity: 0.5, remarks: ' torn ' },
        { item: TMT, receivedQuantity: 0 },
      ]),
    ).toEqual([{ item: CEMENT, received: 1050, rejected: 50, remarks: 'torn' }]);
  });

  it('refuses an item twice, more rejected than received, and nothing received', () => {
    expect(() =>
      askedLines([
        { item: CEMENT, receivedQuantity: 1 },
        { item: CEMENT.toUpperCase(), receivedQuantity: 2 },
      ]),
    ).toThrow(PO_MESSAGES.duplicateLine);
    expect(() => askedLines([{ item: CEMENT, receivedQuantity: 1, rejectedQuantity: 2 }])).toThrow(
      PO_MESSAGES.rejected,
    );
    expect(() => askedLines([{ item: CEMENT, receivedQuantity: 0 }])).toThrow(PO_MESSAGES.nothingReceived);
  });
});

describe('accepting a receipt’s lines', () => {
  const lines = [poLine('l1', CEMENT, 10_000, 4_000), poLine('l2', TMT, 50_000)];

  it('accepts received − rejected of each line up to what is pending', () => {
    expect(
      acceptLines(lines, [{ item: CEMENT, received: 6_000, rejected: 200, remarks: 'two torn' }]),
    ).toEqual([
      {
        lineId: 'l1',
        itemId: CEMENT,
        unit: 'bag',
        unitTotalPaise: 41_300,
        accepted: 5_800,
        rejected: 200,
        remarks: 'two torn',
      },
    ]);
  });

  it('refuses more than is pending (409) and an item not on the PO (400)', () => {
    expect(() => acceptLines(lines, [{ item: CEMENT, received: 6_001, rejected: 0, remarks: '' }])).toThrow(
      PO_MESSAGES.abovePending('Cement OPC 53', '60 bag'),
    );
    expect(() =>
      acceptLines(lines, [
        { item: '00000000-0000-4000-8000-000000000009', received: 1, rejected: 0, remarks: '' },
      ]),
    ).toThrow(PO_MESSAGES.unknownLine);
  });
});

describe('a receipt sent again under its key', () => {
  const recorded: RecordedReceipt = {
    poId: 'po-1',
    invoiceNumber: 'INV/42',
    invoiceDate: '2026-11-20',
    invoiceAmountPaise: 921_575,
    remarks: 'Truck MH-12',
    photoId: null,
    lines: [
      { item: CEMENT, received: 1000, rejected: 50, remarks: 'torn' },
      { item: TMT, received: 200, rejected: 0, remarks: '' },
    ],
  };

  it('is the same receipt with its lines in any order and items in any case', () => {
    const asked = {
      ...recorded,
      lines: [recorded.lines[1]!, { ...recorded.lines[0]!, item: CEMENT.toUpperCase() }],
    };
    expect(sameReceipt(recorded, asked)).toBe(true);
    expect(() => checkResend(recorded, asked)).not.toThrow();
  });

  it('is another receipt when anything recorded differs', () => {
    expect(sameReceipt(recorded, { ...recorded, invoiceAmountPaise: 921_576 })).toBe(false);
    expect(sameReceipt(recorded, { ...recorded, photoId: 'p' })).toBe(false);
    expect(sameReceipt(recorded, { ...recorded, lines: [recorded.lines[0]!] })).toBe(false);
    expect(() => checkResend(recorded, { ...recorded, remarks: 'other' })).toThrow(
      PO_MESSAGES.receiptKeyReused,
    );
    expect(() => checkResend(recorded, { ...recorded, poId: 'po-2' })).toThrow(PO_MESSAGES.receiptOtherPo);
  });
});

describe('the invoice a receipt should carry', () => {
  it('is the accepted goods at the PO’s prices with their share of the fleet', () => {
    const accepted = (hundredths: number) => [
      {
        lineId: 'l1',
        itemId: CEMENT,
        unit: 'bag',
        unitTotalPaise: 41_300,
        accepted: hundredths,
        rejected: 0,
        remarks: '',
      },
    ];
    // Lines total ₹4,130 (10 bags), fleet ₹500 + ₹90 GST: half the bags carry half the fleet.
    const po = { amountPaise: 413_000 + 50_000 + 9_000, fleetPaise: 50_000, fleetGstPaise: 9_000 };
    expect(expectedInvoicePaise(accepted(500), po)).toBe(206_500 + 29_500);
    expect(expectedInvoicePaise(accepted(1000), po)).toBe(472_000);
    expect(
      expectedInvoicePaise(accepted(500), { amountPaise: 413_000, fleetPaise: 0, fleetGstPaise: 0 }),
    ).toBe(206_500);
  });
});
