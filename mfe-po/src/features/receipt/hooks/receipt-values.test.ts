import { describe, expect, it } from 'vitest';
import { PO_MESSAGES, type PoLine, type PurchaseOrder } from '@erp/contracts';
import {
  BAD_INPUT,
  buildReceiptBody,
  checkLine,
  checkStepOne,
  emptyReceiptValues,
  expectedAmountText,
  hasEntries,
  invoiceProblems,
  invoiceWarning,
  parseHundredths,
  parsePaise,
  receiptContract,
  receiptExpectedAmount,
  receiptField,
  receiptSummary,
  receivableLines,
  sanitizeAmount,
  todayInIndia,
  type ReceiptLineInfo,
  type ReceiptValues,
} from './receipt-values';

const CEMENT = '00000000-0000-4000-8000-000000000001';
const TMT = '00000000-0000-4000-8000-000000000002';
const SAND = '00000000-0000-4000-8000-000000000003';
const PO_ID = '11111111-1111-4111-8111-111111111111';
const RECEIPT_ID = '22222222-2222-4222-8222-222222222222';
const TODAY = '2026-11-25';

function poLine(
  itemId: string,
  name: string,
  unit: string,
  ordered: number,
  received: number,
  cancelled = 0,
): PoLine {
  return {
    _id: `line-${itemId}`,
    item: { _id: itemId, name, unit },
    itemId,
    quantity: ordered,
    totalOrdered: ordered,
    totalReceived: received,
    cancelled,
    pending: Math.round((ordered - received - cancelled) * 100) / 100,
    price: 380,
    gst: 106.4,
    unitTotal: 486.4,
    totalPrice: 0,
  };
}

const po = {
  items: [
    poLine(CEMENT, 'Cement OPC 53', 'bags', 120.5, 100),
    poLine(TMT, 'TMT bar 12 mm', 'kg', 2.25, 0),
    poLine(SAND, 'River sand', 'CBM', 10, 10),
    poLine('00000000-0000-4000-8000-000000000004', 'Bricks', 'pcs', 5, 2, 3),
  ],
} as Pick<PurchaseOrder, 'items'>;

const lines = receivableLines(po);

function withLines(
  over: Record<string, Partial<{ received: string; rejected: string; remark: string }>>,
  rest: Partial<ReceiptValues> = {},
): ReceiptValues {
  const values = emptyReceiptValues(lines, TODAY);
  for (const [id, line] of Object.entries(over)) values.lines[id] = { ...values.lines[id]!, ...line };
  return { ...values, invoiceNumber: 'INV/26-27/0042', invoiceAmount: '25000.50', ...rest };
}

describe('receivable lines', () => {
  it('offers only lines with something pending, with pending in hundredths', () => {
    expect(lines).toEqual<ReceiptLineInfo[]>([
      { itemId: CEMENT, name: 'Cement OPC 53', unit: 'bags', pending: 2050 },
      { itemId: TMT, name: 'TMT bar 12 mm', unit: 'kg', pending: 225 },
    ]);
  });
});

describe('quantities as hundredths, from the text typed', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['0', 0],
    ['20.5', 2050],
    ['20.50', 2050],
    ['.5', 50],
    ['7.', 700],
    ['0.1', 10],
    ['0.29', 29],
    ['1234567', 123456700],
  ])('%j is %s', (raw, expected) => {
    expect(parseHundredths(raw)).toBe(expected);
  });

  it.each(['1.234', '-1', '1e3', 'abc', '.', '1.2.3', BAD_INPUT, '12345678901234'])(
    '%j is not a quantity',
    (raw) => {
      expect(parseHundredths(raw)).toBeNaN();
    },
  );

  it('reads amounts the same way, with grouping commas allowed', () => {
    expect(parsePaise('1,25,000.50')).toBe(12_500_050);
    expect(parsePaise('0')).toBe(0);
    expect(parsePaise('')).toBeNull();
    expect(sanitizeAmount('₹ 1,250.555')).toBe('1250.55');
  });
});

describe('a line (SPEC §5: at most pending; rejected at most received)', () => {
  const cement = lines[0]!;

  it('accepts the whole pending quantity exactly (no float drift: 20.5 of 20.5)', () => {
    const check = checkLine({ received: '20.5', rejected: '0.5', remark: '' }, cement);
    expect(check).toMatchObject({
      received: 2050,
      rejected: 50,
      accepted: 2000,
      receivedError: null,
      rejectedError: null,
      counted: true,
    });
  });

  it('refuses a hundredth above pending, naming the pending quantity', () => {
    const check = checkLine({ received: '20.51', rejected: '', remark: '' }, cement);
    expect(check.receivedError).toBe('Received quantity must be at most the pending quantity (20.5 bags)');
    expect(check.counted).toBe(true);
  });

  it('compares 0.1 + 0.2 style values exactly', () => {
    const line = { pending: 30, unit: 'kg' };
    expect(checkLine({ received: '0.3', rejected: '0.1', remark: '' }, line)).toMatchObject({
      receivedError: null,
      accepted: 20,
    });
  });

  it('refuses more rejected than received, and rejected with nothing received', () => {
    expect(checkLine({ received: '2', rejected: '2.01', remark: '' }, cement).rejectedError).toBe(
      PO_MESSAGES.rejected,
    );
    expect(checkLine({ received: '', rejected: '1', remark: '' }, cement).rejectedError).toBe(
      PO_MESSAGES.rejected,
    );
    expect(checkLine({ received: '2', rejected: '2', remark: '' }, cement)).toMatchObject({
      rejectedError: null,
      accepted: 0,
      counted: true,
    });
  });

  it('says plainly what is not a number', () => {
    expect(checkLine({ received: BAD_INPUT, rejected: '', remark: '' }, cement).receivedError).toBe(
      'Enter the quantity as a number, for example 12.5',
    );
    expect(checkLine({ received: '1.234', rejected: '', remark: '' }, cement).receivedError).toBe(
      'Use at most two decimals (steps of 0.01)',
    );
    expect(checkLine({ received: '1', rejected: 'x', remark: '' }, cement).rejectedError).toBe(
      'Enter the quantity as a number, for example 12.5',
    );
  });

  it('treats nothing typed and 0 as not received, without an error', () => {
    expect(checkLine({ received: '', rejected: '', remark: 'Not delivered' }, cement)).toMatchObject({
      counted: false,
      receivedError: null,
    });
    expect(checkLine({ received: '0', rejected: '', remark: '' }, cement)).toMatchObject({
      counted: false,
      receivedError: null,
      accepted: 0,
    });
  });
});

describe("step 1's button (SPEC §5)", () => {
  it('is disabled until some received quantity is above 0', () => {
    expect(checkStepOne(withLines({}), lines)).toEqual({
      ok: false,
      counted: 0,
      problems: 0,
      reason: PO_MESSAGES.nothingReceived,
      firstProblem: null,
    });
    expect(checkStepOne(withLines({ [CEMENT]: { received: '0' } }), lines).ok).toBe(false);
    expect(checkStepOne(withLines({ [TMT]: { received: '0.01' } }), lines)).toMatchObject({
      ok: true,
      counted: 1,
    });
  });

  it('is disabled while any entered quantity is above pending, even if another line is fine', () => {
    const check = checkStepOne(
      withLines({ [CEMENT]: { received: '10' }, [TMT]: { received: '2.26' } }),
      lines,
    );
    expect(check).toMatchObject({
      ok: false,
      counted: 2,
      problems: 1,
      reason: 'Correct the quantities marked in red to continue',
      firstProblem: `lines.${TMT}.received`,
    });
  });
});

describe('the invoice (step 2)', () => {
  it('needs a number, a date not after today in India, and an amount', () => {
    const blank = withLines(
      { [TMT]: { received: '1' } },
      { invoiceNumber: '  ', invoiceDate: '', invoiceAmount: '' },
    );
    expect(invoiceProblems(blank, TODAY)).toEqual([
      { field: 'invoiceNumber', message: PO_MESSAGES.invoiceNumber },
      { field: 'invoiceDate', message: PO_MESSAGES.invoiceDate },
      { field: 'invoiceAmount', message: PO_MESSAGES.invoiceAmount },
    ]);
    expect(
      invoiceProblems(
        { ...blank, invoiceNumber: 'A1', invoiceDate: '2026-11-26', invoiceAmount: '0' },
        TODAY,
      ),
    ).toEqual([{ field: 'invoiceDate', message: PO_MESSAGES.invoiceDateFuture }]);
    expect(
      invoiceProblems(
        { ...blank, invoiceNumber: 'A1', invoiceDate: '2026-02-30', invoiceAmount: '100000000.01' },
        TODAY,
      ),
    ).toEqual([
      { field: 'invoiceDate', message: PO_MESSAGES.invoiceDate },
      { field: 'invoiceAmount', message: 'Invoice amount cannot be more than ₹10,00,00,000.00' },
    ]);
    expect(
      invoiceProblems({ ...blank, invoiceNumber: 'A1', invoiceDate: TODAY, invoiceAmount: '0.00' }, TODAY),
    ).toEqual([]);
  });

  it('is dated today in India by default (IST is UTC+5:30)', () => {
    expect(todayInIndia(Date.parse('2026-11-24T18:29:00Z'))).toBe('2026-11-24');
    expect(todayInIndia(Date.parse('2026-11-24T18:31:00Z'))).toBe('2026-11-25');
  });
});

describe('the body of POST /poReceipt', () => {
  it('names each received line by its itemId, in the API’s numbers; untouched lines are left out', () => {
    const values = withLines(
      {
        [CEMENT]: { received: '20.5', rejected: '0.5', remark: ' Two bags torn ' },
        [TMT]: { received: '', remark: 'Next truck' },
      },
      {
        notes: ' Truck MH-12 AB 1234 ',
        invoiceNumber: ' INV/26-27/0042 ',
        invoiceDate: TODAY,
        invoiceAmount: '25000.5',
      },
    );
    expect(buildReceiptBody({ poId: PO_ID, receiptId: RECEIPT_ID, values, lines, photoId: null })).toEqual({
      poId: PO_ID,
      receiptId: RECEIPT_ID,
      receivedItems: [
        { item: CEMENT, receivedQuantity: 20.5, rejectedQuantity: 0.5, remarks: 'Two bags torn' },
      ],
      invoice: { invoiceNumber: 'INV/26-27/0042', invoiceDate: TODAY, invoiceAmount: 25000.5 },
      remarks: 'Truck MH-12 AB 1234',
    });
  });

  it('names the uploaded photo', () => {
    const values = withLines({ [TMT]: { received: '2.25' } }, { invoiceDate: TODAY });
    const photoId = '33333333-3333-4333-8333-333333333333';
    const body = buildReceiptBody({ poId: PO_ID, receiptId: RECEIPT_ID, values, lines, photoId });
    expect(body.photoId).toBe(photoId);
    expect(body.receivedItems).toEqual([{ item: TMT, receivedQuantity: 2.25, remarks: '' }]);
    expect(body.invoice.invoiceAmount).toBe(25000.5);
  });

  it('is what the contract schema accepts, and a bad one is refused in the service’s words at the right field', () => {
    const contract = receiptContract(PO_ID, RECEIPT_ID, lines, () => TODAY);
    expect(contract.problems(withLines({ [TMT]: { received: '1' } }, { invoiceDate: TODAY }))).toEqual([]);
    const bad = withLines(
      { [CEMENT]: { received: '21' }, [TMT]: { received: '1', rejected: '2' } },
      { invoiceNumber: '', invoiceDate: TODAY },
    );
    expect(contract.problems(bad)).toEqual([
      {
        field: `lines.${CEMENT}.received`,
        message: 'Received quantity must be at most the pending quantity (20.5 bags)',
      },
      { field: `lines.${TMT}.rejected`, message: PO_MESSAGES.rejected },
      { field: 'invoiceNumber', message: PO_MESSAGES.invoiceNumber },
    ]);
    expect(contract.problems(withLines({}, { invoiceDate: TODAY }))).toEqual([
      { field: `lines.${CEMENT}.received`, message: PO_MESSAGES.nothingReceived },
    ]);
  });

  it('maps a body path back to the field it came from', () => {
    const values = withLines({ [CEMENT]: { received: '' }, [TMT]: { received: '1' } });
    expect(receiptField('receivedItems.0.receivedQuantity', values, lines)).toBe(`lines.${TMT}.received`);
    expect(receiptField('receivedItems.0.rejectedQuantity', values, lines)).toBe(`lines.${TMT}.rejected`);
    expect(receiptField('receivedItems', values, lines)).toBe(`lines.${TMT}.received`);
    expect(receiptField('invoice.invoiceAmount', values, lines)).toBe('invoiceAmount');
    expect(receiptField('remarks', values, lines)).toBe('notes');
  });
});

describe('what was entered', () => {
  it('is nothing for a blank receipt dated today', () => {
    const blank = emptyReceiptValues(lines, TODAY);
    expect(hasEntries(blank, TODAY)).toBe(false);
    expect(hasEntries({ ...blank, invoiceDate: '2026-11-20' }, TODAY)).toBe(true);
    expect(
      hasEntries(
        { ...blank, lines: { ...blank.lines, [TMT]: { received: '', rejected: '', remark: 'x' } } },
        TODAY,
      ),
    ).toBe(true);
  });

  it('is summed up per line for step 2, accepted = received − rejected', () => {
    const values = withLines({ [CEMENT]: { received: '20.5', rejected: '0.5' }, [TMT]: { received: '0' } });
    expect(receiptSummary(values, lines)).toEqual([
      {
        itemId: CEMENT,
        name: 'Cement OPC 53',
        unit: 'bags',
        received: 2050,
        rejected: 50,
        accepted: 2000,
        remark: '',
      },
    ]);
  });
});

describe('the expected invoice amount and the warning before sending (decision 0037)', () => {
  // The demo delivery: 45 CBM of sand at ₹1,450 + ₹72.50 GST, fleet ₹1,500 + ₹270 GST.
  const sandPo = {
    amount: 68_512.5 + 1_770,
    fleet: { amount: 1_500, gst: 270 },
    items: [{ ...poLine(SAND, 'River sand', 'CBM', 45, 0), price: 1_450, gst: 72.5, unitTotal: 1_522.5 }],
  } as Pick<PurchaseOrder, 'items' | 'amount' | 'fleet'>;
  const sandLines = receivableLines(sandPo);
  const typed = (received: string, rejected = '', invoiceAmount = '') => {
    const values = emptyReceiptValues(sandLines, TODAY);
    values.lines[SAND] = { received, rejected, remark: '' };
    return { ...values, invoiceAmount };
  };

  it('prices the accepted quantities at the PO’s prices with GST and their share of the fleet, as the PO service does', () => {
    // 20 CBM x 1,522.50 = 30,450.00; fleet share 1,770 x 30,450 / 68,512.50 = 786.67
    expect(receiptExpectedAmount(sandPo, typed('20'), sandLines)).toEqual({
      goodsPaise: 3_045_000,
      fleetSharePaise: 78_667,
      totalPaise: 3_123_667,
    });
    // Rejected goods are not billed: 22 received, 2 rejected is the same 20 accepted.
    expect(receiptExpectedAmount(sandPo, typed('22', '2'), sandLines)!.totalPaise).toBe(3_123_667);
    expect(expectedAmountText(receiptExpectedAmount(sandPo, typed('20'), sandLines)!)).toBe(
      "Expected ₹31,236.67 at the PO's prices: goods with GST ₹30,450.00 + fleet share ₹786.67",
    );
  });

  it('expects nothing while nothing is accepted', () => {
    expect(receiptExpectedAmount(sandPo, typed(''), sandLines)).toBeNull();
    expect(receiptExpectedAmount(sandPo, typed('5', '5'), sandLines)).toBeNull();
  });

  it('warns when the invoice differs by more than 1% (or ₹1), either way, and not within it', () => {
    const expected = receiptExpectedAmount(sandPo, typed('20'), sandLines);
    expect(invoiceWarning('31236.67', expected)).toBeNull();
    // 1% of ₹31,236.67 is ₹312.37: ₹311.33 more passes, ₹363.33 more is warned about.
    expect(invoiceWarning('31548', expected)).toBeNull();
    const over = invoiceWarning('31600', expected);
    expect(over).toMatchObject({ title: 'Invoice is more than expected', over: true });
    expect(over!.text).toContain('₹363.33 more than expected (₹31,236.67');
    expect(over!.text).toContain('overbilling case');
    const under = invoiceWarning('25000.50', expected);
    expect(under).toMatchObject({ title: 'Invoice is less than expected', over: false });
    expect(under!.text).toContain('₹6,236.17 less than expected');
  });

  it('says nothing before an amount is typed, or when it is not an amount', () => {
    const expected = receiptExpectedAmount(sandPo, typed('20'), sandLines);
    expect(invoiceWarning('', expected)).toBeNull();
    expect(invoiceWarning('12..5', expected)).toBeNull();
    expect(invoiceWarning('100', null)).toBeNull();
  });
});
