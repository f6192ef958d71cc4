/**
 * The goods receipt's values and rules (SPEC §2 "Goods receipt", §5 "Receipt", decision 0022): what
 * the wizard keeps as typed (strings), how each line is checked, and the body of POST /poReceipt.
 *
 * Quantities are compared as integer hundredths and amounts as integer paise, parsed from the text
 * typed (never through floating-point arithmetic); `@erp/contracts`' money module turns them back
 * into the numbers the API carries.
 */
import {
  amountTooLarge,
  checkInvoiceAmount,
  expectedReceiptAmount,
  formatPaise,
  fromHundredths,
  fromPaise,
  MAX_PAISE,
  PO_MESSAGES,
  RECEIPT_TEXT,
  ReceiptBody,
  toHundredths,
  toPaise,
  type ExpectedAmount,
  type Hundredths,
  type Paise,
  type PoLine,
  type PurchaseOrder,
} from '@erp/contracts';
import { formContract, type FormContract, type FormProblem } from '@erp/ui/remote-form';

/** One line as typed. `received` and `rejected` are the inputs' text ('' when nothing was typed). */
export interface ReceiptLineValues {
  received: string;
  rejected: string;
  remark: string;
}

/**
 * The whole receipt as typed. The order of the keys is the order of the fields on screen (the first
 * problem in this order is the one shown): the lines (step 1), then step 2's Global Notes, Invoice
 * Number, Invoice Date and Invoice Amount.
 */
export interface ReceiptValues {
  /** By the PO line's itemId (the id the service matches a receipt line by), in the PO's order. */
  lines: Record<string, ReceiptLineValues>;
  notes: string;
  invoiceNumber: string;
  /** YYYY-MM-DD */
  invoiceDate: string;
  /** Rupees as typed: digits with at most two decimals. */
  invoiceAmount: string;
}

/** What the wizard needs of a PO line that can still be received. */
export interface ReceiptLineInfo {
  itemId: string;
  name: string;
  unit: string;
  /** What is still pending (ordered − received − cancelled), in hundredths. */
  pending: Hundredths;
}

/** A quantity typed into a number input that the browser could not read ('1e', '--'): kept so it is refused, never read as 0. */
export const BAD_INPUT = '!';

export const RECEIPT_WORDS = {
  notANumber: 'Enter the quantity as a number, for example 12.5',
  twoDecimals: 'Use at most two decimals (steps of 0.01)',
  amountNotANumber: 'Enter the invoice amount in rupees, for example 12500.50',
  fixQuantities: 'Correct the quantities marked in red to continue',
} as const;

const EMPTY_LINE: ReceiptLineValues = Object.freeze({ received: '', rejected: '', remark: '' });

/** Today's date in India (YYYY-MM-DD): the service refuses an invoice dated later. */
export function todayInIndia(now: number = Date.now()): string {
  return new Date(now + 330 * 60_000).toISOString().slice(0, 10);
}

/** The lines a receipt may name: those with something pending (fully received or cancelled ones are not offered). */
export function receivableLines(po: Pick<PurchaseOrder, 'items'>): ReceiptLineInfo[] {
  const lines: ReceiptLineInfo[] = [];
  for (const line of po.items) {
    const pending = safeHundredths(line.pending);
    if (pending > 0) lines.push({ itemId: line.itemId, name: line.item.name, unit: line.item.unit, pending });
  }
  return lines;
}

function safeHundredths(value: PoLine['pending']): Hundredths {
  try {
    return Math.max(0, toHundredths(value));
  } catch {
    return 0;
  }
}

/** A blank receipt over these lines, dated today. */
export function emptyReceiptValues(
  lines: readonly ReceiptLineInfo[],
  today: string = todayInIndia(),
): ReceiptValues {
  const byItem: Record<string, ReceiptLineValues> = {};
  for (const line of lines) byItem[line.itemId] = EMPTY_LINE;
  return { lines: byItem, notes: '', invoiceNumber: '', invoiceDate: today, invoiceAmount: '' };
}

export const lineOf = (values: ReceiptValues, itemId: string): ReceiptLineValues =>
  values.lines[itemId] ?? EMPTY_LINE;

/**
 * Text typed as a number with at most two decimals, in hundredths: null when nothing was typed,
 * NaN when it is not such a number. Parsed from the digits, so 0.1 + 0.2 questions never arise.
 */
export function parseHundredths(raw: string): number | null {
  const text = raw.trim();
  if (text === '') return null;
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return NaN;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > 2 || whole.length > 13) return NaN;
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
}

/** Rupees typed (at most two decimals) in paise; null when empty, NaN when not an amount. */
export const parsePaise = (raw: string): number | null => parseHundredths(raw.replace(/,/g, ''));

/** Keeps what an amount can hold: digits and one decimal point with at most two decimals. */
export function sanitizeAmount(raw: string): string {
  const cleaned = raw.replace(/[^0-9.]/g, '');
  const [whole = '', ...rest] = cleaned.split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 2)}`;
}

const quantityFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

/** Hundredths as the screens show a quantity: 1,250.5 */
export const formatHundredths = (h: Hundredths): string => quantityFormat.format(fromHundredths(h));

export const hundredthsWithUnit = (h: Hundredths, unit: string): string =>
  unit ? `${formatHundredths(h)} ${unit}` : formatHundredths(h);

/** One line checked: its quantities (hundredths) and what is wrong with each field, in plain words. */
export interface LineCheck {
  /** Null when nothing was typed; NaN when it is not a quantity. */
  received: number | null;
  rejected: number | null;
  /** received − rejected when both are quantities, else null. */
  accepted: Hundredths | null;
  receivedError: string | null;
  rejectedError: string | null;
  /** Something arrives on this line (a received quantity above 0). */
  counted: boolean;
}

function quantityWords(raw: string): string {
  return /^\d*\.\d{3,}$/.test(raw.trim()) ? RECEIPT_WORDS.twoDecimals : RECEIPT_WORDS.notANumber;
}

/**
 * A line's check (SPEC §5: at most pending; decision 0022: rejected at most received). Nothing
 * typed is not an error: the line is simply not part of this receipt.
 */
export function checkLine(
  values: ReceiptLineValues,
  line: Pick<ReceiptLineInfo, 'pending' | 'unit'>,
): LineCheck {
  const received = parseHundredths(values.received === BAD_INPUT ? 'x' : values.received);
  const rejected = parseHundredths(values.rejected === BAD_INPUT ? 'x' : values.rejected);
  let receivedError: string | null = null;
  let rejectedError: string | null = null;
  if (received !== null && Number.isNaN(received)) receivedError = quantityWords(values.received);
  else if (received !== null && received > line.pending)
    receivedError = `Received quantity must be at most the pending quantity (${hundredthsWithUnit(line.pending, line.unit)})`;
  if (rejected !== null && Number.isNaN(rejected)) rejectedError = quantityWords(values.rejected);
  else if (
    rejected !== null &&
    rejected > 0 &&
    (received === null || Number.isNaN(received) || rejected > received)
  )
    rejectedError = PO_MESSAGES.rejected;
  const receivedOk = received !== null && !Number.isNaN(received);
  const rejectedOk = rejected === null || !Number.isNaN(rejected);
  return {
    received,
    rejected,
    accepted: receivedOk && rejectedOk ? (received ?? 0) - (rejected ?? 0) : null,
    receivedError,
    rejectedError,
    counted: receivedOk && received > 0,
  };
}

export interface StepOneCheck {
  /** 'Add Invoices & Photos' may be pressed (SPEC §5): some received quantity above 0, and no line has a problem. */
  ok: boolean;
  /** Lines with something received. */
  counted: number;
  /** Fields with a problem. */
  problems: number;
  /** Why the button is disabled, in plain words (null when it is not). */
  reason: string | null;
  /** The first field with a problem ('lines.<itemId>.received'), to bring it on screen. */
  firstProblem: string | null;
}

export function checkStepOne(values: ReceiptValues, lines: readonly ReceiptLineInfo[]): StepOneCheck {
  let counted = 0;
  let problems = 0;
  let firstProblem: string | null = null;
  for (const line of lines) {
    const check = checkLine(lineOf(values, line.itemId), line);
    if (check.counted) counted += 1;
    if (check.receivedError) problems += 1;
    if (check.rejectedError) problems += 1;
    if (firstProblem === null && (check.receivedError || check.rejectedError))
      firstProblem = linePath(line.itemId, check.receivedError ? 'received' : 'rejected');
  }
  const reason =
    problems > 0 ? RECEIPT_WORDS.fixQuantities : counted === 0 ? PO_MESSAGES.nothingReceived : null;
  return { ok: reason === null, counted, problems, reason, firstProblem };
}

/** A field's path in the values ('lines.<itemId>.received', 'invoiceNumber'), as problems name them. */
export const linePath = (itemId: string, field: keyof ReceiptLineValues) => `lines.${itemId}.${field}`;

/** The DOM id of a field's control. */
export const receiptFieldId = (path: string): string => `receipt-${path.replace(/\./g, '-')}`;

/** The invoice fields' own rules (SPEC §5: invoice number and date required; decision 0022: not in the future; a real amount). */
export function invoiceProblems(values: ReceiptValues, today: string = todayInIndia()): FormProblem[] {
  const problems: FormProblem[] = [];
  if (values.notes.length > RECEIPT_TEXT.remarks)
    problems.push({
      field: 'notes',
      message: `Global notes can be at most ${RECEIPT_TEXT.remarks} characters`,
    });
  const number = values.invoiceNumber.trim();
  if (!number) problems.push({ field: 'invoiceNumber', message: PO_MESSAGES.invoiceNumber });
  else if (number.length > RECEIPT_TEXT.invoiceNumber)
    problems.push({
      field: 'invoiceNumber',
      message: `The invoice number can be at most ${RECEIPT_TEXT.invoiceNumber} characters`,
    });
  if (!isCalendarDate(values.invoiceDate))
    problems.push({ field: 'invoiceDate', message: PO_MESSAGES.invoiceDate });
  else if (values.invoiceDate > today)
    problems.push({ field: 'invoiceDate', message: PO_MESSAGES.invoiceDateFuture });
  const amount = parsePaise(values.invoiceAmount);
  if (amount === null) problems.push({ field: 'invoiceAmount', message: PO_MESSAGES.invoiceAmount });
  else if (Number.isNaN(amount))
    problems.push({ field: 'invoiceAmount', message: RECEIPT_WORDS.amountNotANumber });
  else if (amount > MAX_PAISE)
    problems.push({ field: 'invoiceAmount', message: amountTooLarge('Invoice amount') });
  return problems;
}

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** Every problem of the lines (step 1), including "nothing received". */
export function lineProblems(values: ReceiptValues, lines: readonly ReceiptLineInfo[]): FormProblem[] {
  const problems: FormProblem[] = [];
  let counted = 0;
  for (const line of lines) {
    const check = checkLine(lineOf(values, line.itemId), line);
    if (check.counted) counted += 1;
    if (check.receivedError)
      problems.push({ field: linePath(line.itemId, 'received'), message: check.receivedError });
    if (check.rejectedError)
      problems.push({ field: linePath(line.itemId, 'rejected'), message: check.rejectedError });
    if (lineOf(values, line.itemId).remark.length > RECEIPT_TEXT.lineRemark)
      problems.push({
        field: linePath(line.itemId, 'remark'),
        message: `A remark can be at most ${RECEIPT_TEXT.lineRemark} characters`,
      });
  }
  if (counted === 0 && problems.length === 0 && lines[0])
    problems.push({ field: linePath(lines[0].itemId, 'received'), message: PO_MESSAGES.nothingReceived });
  return problems;
}

export interface BodyInput {
  poId: string;
  receiptId: string;
  values: ReceiptValues;
  lines: readonly ReceiptLineInfo[];
  /** The uploaded invoice photo's id, if one was taken. */
  photoId?: string | null;
}

const toQuantity = (h: number | null): number => (h === null ? 0 : Number.isNaN(h) ? NaN : fromHundredths(h));

/**
 * POST /poReceipt's body: the lines with something received (each named by its itemId, as the
 * service matches them), the invoice and the notes. Never throws on anything typed: what is not a
 * number goes as NaN (null on the wire), which the contract's schema refuses in its own words.
 */
export function buildReceiptBody({ poId, receiptId, values, lines, photoId }: BodyInput): ReceiptBody {
  const receivedItems: ReceiptBody['receivedItems'] = [];
  for (const line of lines) {
    const typed = lineOf(values, line.itemId);
    const check = checkLine(typed, line);
    if (check.received === null || check.received === 0) continue;
    const rejected = toQuantity(check.rejected);
    receivedItems.push({
      item: line.itemId,
      receivedQuantity: toQuantity(check.received),
      ...(rejected !== 0 ? { rejectedQuantity: rejected } : {}),
      remarks: typed.remark.trim(),
    });
  }
  const paise: Paise | null = parsePaise(values.invoiceAmount);
  return {
    poId,
    receiptId,
    receivedItems,
    invoice: {
      invoiceNumber: values.invoiceNumber.trim(),
      invoiceDate: values.invoiceDate,
      // SPEC §7/§9 send a fixed 0; the receipt takes the real invoice amount (decision 0022), which
      // the vendor ledgers compare with what was received.
      invoiceAmount: paise === null ? NaN : Number.isNaN(paise) ? NaN : fromPaise(paise),
    },
    remarks: values.notes.trim(),
    ...(photoId ? { photoId } : {}),
  };
}

/** Where a problem at a body path ('receivedItems.2.receivedQuantity', 'invoice.invoiceNumber') shows on the wizard. */
export function receiptField(
  bodyPath: string,
  values: ReceiptValues,
  lines: readonly ReceiptLineInfo[],
): string {
  const line = /^receivedItems(?:\.(\d+)(?:\.(\w+))?)?/.exec(bodyPath);
  if (line) {
    const sent = lines.filter((l) => {
      const received = checkLine(lineOf(values, l.itemId), l).received;
      return received !== null && received !== 0;
    });
    const target = line[1] === undefined ? (sent[0] ?? lines[0]) : sent[Number(line[1])];
    if (!target) return 'lines';
    const field = line[2] === 'rejectedQuantity' ? 'rejected' : line[2] === 'remarks' ? 'remark' : 'received';
    return linePath(target.itemId, field);
  }
  if (bodyPath === 'remarks') return 'notes';
  const invoice = /^invoice\.(\w+)/.exec(bodyPath);
  if (invoice?.[1] === 'invoiceNumber' || invoice?.[1] === 'invoiceDate' || invoice?.[1] === 'invoiceAmount')
    return invoice[1];
  if (bodyPath === 'invoice') return 'invoiceNumber';
  return 'lines';
}

/**
 * The receipt's check before it is sent: the rules above (the service's words, and what its code
 * checks besides its schema), then ReceiptBody, the schema POST /poReceipt validates with.
 */
export function receiptContract(
  poId: string,
  receiptId: string,
  lines: readonly ReceiptLineInfo[],
  today?: () => string,
): FormContract<ReceiptValues> {
  return formContract<ReceiptValues, ReceiptBody>({
    schema: ReceiptBody,
    toBody: (values) => buildReceiptBody({ poId, receiptId, values, lines }),
    fieldOf: (path, values) => receiptField(path, values, lines),
    rules: (values) => [...lineProblems(values, lines), ...invoiceProblems(values, today?.())],
  });
}

/** Whether anything was entered (the leave question and the kept draft are about this). */
export function hasEntries(values: ReceiptValues, today: string = todayInIndia()): boolean {
  if (values.notes.trim() || values.invoiceNumber.trim() || values.invoiceAmount.trim()) return true;
  if (values.invoiceDate !== today && values.invoiceDate !== '') return true;
  return Object.values(values.lines).some(
    (l) => l.received.trim() !== '' || l.rejected.trim() !== '' || l.remark.trim() !== '',
  );
}

/** The summary of step 2: each line with something received, in hundredths. */
export interface SummaryLine {
  itemId: string;
  name: string;
  unit: string;
  received: Hundredths;
  rejected: Hundredths;
  accepted: Hundredths;
  remark: string;
}

export function receiptSummary(values: ReceiptValues, lines: readonly ReceiptLineInfo[]): SummaryLine[] {
  const summary: SummaryLine[] = [];
  for (const line of lines) {
    const typed = lineOf(values, line.itemId);
    const check = checkLine(typed, line);
    if (!check.counted || check.received === null) continue;
    const rejected = check.rejected !== null && !Number.isNaN(check.rejected) ? check.rejected : 0;
    summary.push({
      itemId: line.itemId,
      name: line.name,
      unit: line.unit,
      received: check.received,
      rejected,
      accepted: check.received - rejected,
      remark: typed.remark.trim(),
    });
  }
  return summary;
}

/**
 * What the invoice should come to (decision 0037): the accepted quantities of this receipt at the
 * PO's locked prices with GST, plus its share of the PO's fleet cost and fleet GST, by the same
 * function the PO service puts in the receipt's event (contracts' expectedReceiptAmount). Null when
 * nothing is accepted or the PO's figures cannot be read.
 */
export function receiptExpectedAmount(
  po: Pick<PurchaseOrder, 'items' | 'amount' | 'fleet'>,
  values: ReceiptValues,
  lines: readonly ReceiptLineInfo[],
): ExpectedAmount | null {
  try {
    const unitTotals = new Map(po.items.map((l) => [l.itemId, toPaise(l.unitTotal)]));
    const accepted = receiptSummary(values, lines).filter((l) => l.accepted > 0);
    if (accepted.length === 0) return null;
    const fleetPaise = toPaise(po.fleet.amount);
    const fleetGstPaise = toPaise(po.fleet.gst);
    const linesTotalPaise = toPaise(po.amount) - fleetPaise - fleetGstPaise;
    return expectedReceiptAmount(
      accepted.map((l) => ({ accepted: l.accepted, unitTotalPaise: unitTotals.get(l.itemId) ?? 0 })),
      { linesTotalPaise: Math.max(0, linesTotalPaise), fleetPaise, fleetGstPaise },
    );
  } catch {
    return null;
  }
}

/** 'Expected ₹31,236.67: goods with GST ₹30,450.00 + fleet share ₹786.67' (no fleet part without one). */
export function expectedAmountText(expected: ExpectedAmount): string {
  const total = `Expected ${formatPaise(expected.totalPaise)} at the PO's prices`;
  return expected.fleetSharePaise > 0
    ? `${total}: goods with GST ${formatPaise(expected.goodsPaise)} + fleet share ${formatPaise(expected.fleetSharePaise)}`
    : `${total} with GST`;
}

export interface InvoiceWarning {
  title: string;
  text: string;
  /** The invoice asks for more than expected (the vendor's ledger opens an overbilling case). */
  over: boolean;
}

/**
 * A warning when the typed invoice amount differs from the expected amount beyond the tolerance
 * (contracts' checkInvoiceAmount: 1% or ₹1, whichever is larger). Sending stays allowed; null when
 * within it, or when there is no amount or no expected amount yet.
 */
export function invoiceWarning(
  invoiceAmount: string,
  expected: ExpectedAmount | null,
): InvoiceWarning | null {
  const paise = parsePaise(invoiceAmount);
  if (expected === null || paise === null || Number.isNaN(paise) || paise > MAX_PAISE) return null;
  const check = checkInvoiceAmount(paise, expected.totalPaise);
  if (!check.beyondTolerance) return null;
  const over = check.differencePaise > 0;
  const by = formatPaise(Math.abs(check.differencePaise));
  return {
    title: over ? 'Invoice is more than expected' : 'Invoice is less than expected',
    text: over
      ? `The invoice amount is ${by} more than expected (${formatPaise(expected.totalPaise)} for the accepted quantities at the PO's prices). Check the amount; if it is right, the vendor's ledger opens an overbilling case for the difference.`
      : `The invoice amount is ${by} less than expected (${formatPaise(expected.totalPaise)} for the accepted quantities at the PO's prices). Check the amount and the quantities before sending.`,
    over,
  };
}
