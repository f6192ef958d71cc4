/**
 * A vendor's statement of account for a period (GET /vendorTransaction/{id}/statement): the
 * balance brought forward (the entries dated before the period), the entries dated in it in date
 * order with a running balance, and the balance carried forward. As PDF (pdfkit, A4, Helvetica for
 * English and the Noto Sans fonts of the Indian scripts, as the printed PO: the kit's PdfText) or XLSX (exceljs, numbers as numbers, text neutralised).
 *
 * Columns as a creditor's account is kept: Credit adds to what is owed (a PO, approved overbilling,
 * the reversal of a payment), Debit lowers it (a payment, a credit note, the reversal of a PO).
 * All arithmetic in integer paise; the balance is what the business owes the vendor.
 */
import { formatPaise, fromPaise, sumPaise, type LedgerEntryType } from '@erp/contracts';
import { loadExcelJs, loadPdfKit, PdfText, pdfSafeText, safeCells } from '@erp/service-kit';

export interface StatementLine {
  date: string;
  seq: number;
  type: LedgerEntryType;
  reference: string;
  details: string;
  /** Signed effect on the balance (paise). */
  effectPaise: number;
}

export interface StatementInput {
  company: { name: string; address: string; gstin: string };
  vendor: { vendorId: string; name: string; address: string; gstin: string };
  from: string;
  to: string;
  openingPaise: number;
  lines: StatementLine[];
  /** When it was made (printed in the footer). */
  at: Date;
}

export interface StatementRow extends StatementLine {
  debitPaise: number;
  creditPaise: number;
  balancePaise: number;
}

export interface StatementTotals {
  openingPaise: number;
  debitPaise: number;
  creditPaise: number;
  closingPaise: number;
  rows: StatementRow[];
}

/** The statement's figures: the running balance from the opening one, the period's debits and credits, the closing balance. */
export function statementTotals(s: Pick<StatementInput, 'openingPaise' | 'lines'>): StatementTotals {
  let balance = s.openingPaise;
  const rows = s.lines.map((l) => {
    balance = sumPaise([balance, l.effectPaise]);
    return {
      ...l,
      creditPaise: l.effectPaise > 0 ? l.effectPaise : 0,
      debitPaise: l.effectPaise < 0 ? -l.effectPaise : 0,
      balancePaise: balance,
    };
  });
  const creditPaise = sumPaise(rows.map((r) => r.creditPaise));
  const debitPaise = sumPaise(rows.map((r) => r.debitPaise));
  return { openingPaise: s.openingPaise, creditPaise, debitPaise, closingPaise: balance, rows };
}

/** `Statement-VEN-0001-2026-04-01-2026-06-30.pdf` (the display id and dates hold only safe characters). */
export function statementFileName(
  vendorId: string,
  from: string,
  to: string,
  format: 'pdf' | 'xlsx',
): string {
  const id = vendorId.replace(/[^A-Za-z0-9-]/g, '') || 'vendor';
  return `Statement-${id}-${from}-${to}.${format}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 2026-04-01 -> '01 Apr 2026'. */
export function dayText(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d} ${MONTHS[Number(m) - 1] ?? m} ${y}`;
}

// ---- XLSX ----------------------------------------------------------------------------------------

export async function statementXlsx(s: StatementInput): Promise<Buffer> {
  const t = statementTotals(s);
  const ExcelJS = await loadExcelJs();
  const wb = new ExcelJS.Workbook();
  wb.creator = s.company.name;
  wb.created = s.at;
  const ws = wb.addWorksheet('Statement');
  ws.columns = [
    { key: 'date', width: 12 },
    { key: 'seq', width: 8 },
    { key: 'type', width: 18 },
    { key: 'reference', width: 24 },
    { key: 'details', width: 48 },
    { key: 'debit', width: 16 },
    { key: 'credit', width: 16 },
    { key: 'balance', width: 18 },
  ];
  const money = '#,##0.00';
  const heading: Array<[string, string | number]> = [
    ['Statement of account', s.company.name],
    ['Vendor', `${s.vendor.vendorId} ${s.vendor.name}`],
    ['GSTIN', s.vendor.gstin],
    ['Period', `${dayText(s.from)} to ${dayText(s.to)}`],
  ];
  for (const h of heading) ws.addRow(safeCells(h));
  ws.addRow([]);
  ws.addRow(['Date', 'Entry #', 'Type', 'Reference', 'Details', 'Debit', 'Credit', 'Balance']).font = {
    bold: true,
  };
  const opening = ws.addRow(
    safeCells([s.from, '', 'Opening balance', '', 'Brought forward', null, null, fromPaise(t.openingPaise)]),
  );
  opening.font = { italic: true };
  for (const r of t.rows) {
    ws.addRow(
      safeCells([
        r.date,
        r.seq,
        r.type,
        r.reference,
        r.details,
        r.debitPaise ? fromPaise(r.debitPaise) : null,
        r.creditPaise ? fromPaise(r.creditPaise) : null,
        fromPaise(r.balancePaise),
      ]),
    );
  }
  const total = ws.addRow([
    '',
    '',
    'Totals',
    '',
    `${t.rows.length} entr${t.rows.length === 1 ? 'y' : 'ies'}`,
    fromPaise(t.debitPaise),
    fromPaise(t.creditPaise),
    null,
  ]);
  total.font = { bold: true };
  const closing = ws.addRow(
    safeCells([
      s.to,
      '',
      'Closing balance',
      '',
      'Carried forward (owed to the vendor)',
      null,
      null,
      fromPaise(t.closingPaise),
    ]),
  );
  closing.font = { bold: true };
  for (const key of ['debit', 'credit', 'balance']) ws.getColumn(key).numFmt = money;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ---- PDF -----------------------------------------------------------------------------------------

/**
 * Text the PDF's fonts can draw: '₹' as 'Rs.', control characters as spaces, the Indian scripts
 * kept (drawn in their Noto Sans fonts), any other character they lack as '?', never thrown.
 */
export function pdfText(text: string): string {
  return pdfSafeText(text).replace(/\n/g, ' ');
}

const clip = (text: string, max: number) => {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
};
const RS = 'Rs. ';
const money = (paise: number) => formatPaise(paise, RS);

const MARGIN = 36;
const PAGE_BOTTOM = 841.89 - 50;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const GREY = '#555555';

interface Col {
  header: string;
  width: number;
  align: 'left' | 'right';
}
const COLS: Col[] = [
  { header: 'Date', width: 56, align: 'left' },
  { header: '#', width: 26, align: 'right' },
  { header: 'Type', width: 66, align: 'left' },
  { header: 'Reference', width: 84, align: 'left' },
  { header: 'Details', width: 0, align: 'left' },
  { header: 'Debit', width: 64, align: 'right' },
  { header: 'Credit', width: 64, align: 'right' },
  { header: 'Balance', width: 72, align: 'right' },
];

export async function statementPdf(s: StatementInput): Promise<Buffer> {
  const t = statementTotals(s);
  const PDFDocument = await loadPdfKit();
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: pdfText(`Statement of account ${s.vendor.vendorId} ${s.from} to ${s.to}`),
      Author: pdfText(s.company.name),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const fixed = COLS.reduce((sum, c) => sum + c.width, 0);
  const cols = COLS.map((c) => (c.width === 0 ? { ...c, width: width - fixed } : c));
  let y = MARGIN;
  const texts = new PdfText(pdf);

  const text = (
    value: string,
    x: number,
    at: number,
    w: number,
    opts: { font?: string; size?: number; color?: string; align?: 'left' | 'right' } = {},
  ) => {
    pdf.fillColor(opts.color ?? '#000000');
    return texts.draw(value, x, at, w, {
      font: opts.font ?? FONT,
      size: opts.size ?? 8,
      align: opts.align ?? 'left',
      lineGap: 1,
    });
  };

  // Header: company, title, vendor, period.
  y += text(clip(pdfText(s.company.name), 100), left, y, width * 0.6, { font: BOLD, size: 13 }) + 2;
  y += text(clip(pdfText(s.company.address), 200), left, y, width * 0.6, { size: 8, color: '#222222' });
  if (s.company.gstin)
    y += text(`GSTIN: ${pdfText(s.company.gstin)}`, left, y, width * 0.6, { size: 8, color: '#222222' });
  text('STATEMENT OF ACCOUNT', left + width * 0.5, MARGIN, width * 0.5, {
    font: BOLD,
    size: 14,
    align: 'right',
  });
  text(`${dayText(s.from)} to ${dayText(s.to)}`, left + width * 0.5, MARGIN + 20, width * 0.5, {
    size: 9,
    align: 'right',
  });
  y += 10;
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.6)
    .strokeColor('#999999')
    .stroke();
  y += 8;
  const vendorTop = y;
  text('VENDOR', left, y, width, { font: BOLD, size: 7.5, color: GREY });
  y += 10;
  y +=
    text(clip(pdfText(`${s.vendor.name} (${s.vendor.vendorId})`), 140), left, y, width * 0.6, {
      font: BOLD,
      size: 10,
    }) + 1;
  y += text(clip(pdfText(s.vendor.address), 200), left, y, width * 0.6, { size: 8, color: '#222222' });
  if (s.vendor.gstin)
    y += text(`GSTIN: ${pdfText(s.vendor.gstin)}`, left, y, width * 0.6, { size: 8, color: '#222222' });
  // Summary on the right of the vendor block.
  const summary: Array<[string, string]> = [
    ['Opening balance', money(t.openingPaise)],
    ['Debits (payments, credit notes)', money(t.debitPaise)],
    ['Credits (POs, overbilling)', money(t.creditPaise)],
    ['Closing balance (owed)', money(t.closingPaise)],
  ];
  let sy = vendorTop;
  for (const [label, value] of summary) {
    text(label, left + width * 0.55, sy, width * 0.25, { size: 8, color: GREY });
    text(value, left + width * 0.8, sy, width * 0.2, { font: BOLD, size: 8, align: 'right' });
    sy += 11;
  }
  y = Math.max(y, sy) + 12;

  const header = () => {
    pdf.rect(left, y, width, 14).fill('#e8e8e8');
    let x = left;
    for (const c of cols) {
      text(c.header, x + 3, y + 3, c.width - 6, { font: BOLD, size: 7.5, align: c.align });
      x += c.width;
    }
    y += 16;
  };
  const row = (cells: string[], bold = false) => {
    const h =
      Math.max(
        ...cells.map((cell, i) =>
          texts.height(cell || ' ', cols[i]!.width - 6, { font: bold ? BOLD : FONT, size: 7.5, lineGap: 1 }),
        ),
      ) + 5;
    if (y + h > PAGE_BOTTOM) {
      pdf.addPage();
      y = MARGIN;
      text(
        pdfText(
          `Statement of account · ${s.vendor.vendorId} · ${dayText(s.from)} to ${dayText(s.to)} (continued)`,
        ),
        left,
        y,
        width,
        { size: 7.5, color: GREY },
      );
      y += 14;
      header();
    }
    let x = left;
    cells.forEach((cell, i) => {
      text(cell, x + 3, y + 2, cols[i]!.width - 6, {
        font: bold ? BOLD : FONT,
        size: 7.5,
        align: cols[i]!.align,
      });
      x += cols[i]!.width;
    });
    y += h;
    pdf
      .moveTo(left, y - 1)
      .lineTo(left + width, y - 1)
      .lineWidth(0.3)
      .strokeColor('#cccccc')
      .stroke();
  };

  header();
  row([dayText(s.from), '', 'Opening', '', 'Balance brought forward', '', '', money(t.openingPaise)], true);
  for (const r of t.rows) {
    row([
      dayText(r.date),
      String(r.seq),
      pdfText(r.type),
      clip(pdfText(r.reference), 60),
      clip(pdfText(r.details), 200),
      r.debitPaise ? money(r.debitPaise) : '',
      r.creditPaise ? money(r.creditPaise) : '',
      money(r.balancePaise),
    ]);
  }
  if (t.rows.length === 0) row(['', '', '', '', 'No entries in this period', '', '', ''], false);
  row(
    [
      '',
      '',
      'Totals',
      '',
      `${t.rows.length} entr${t.rows.length === 1 ? 'y' : 'ies'}`,
      money(t.debitPaise),
      money(t.creditPaise),
      '',
    ],
    true,
  );
  row(
    [
      dayText(s.to),
      '',
      'Closing',
      '',
      'Balance carried forward (owed to the vendor)',
      '',
      '',
      money(t.closingPaise),
    ],
    true,
  );
  y += 8;
  if (y + 30 > PAGE_BOTTOM) {
    pdf.addPage();
    y = MARGIN;
  }
  text(
    'Credit: added to what is owed (a PO, approved overbilling, the reversal of a payment or credit note). Debit: lowers it (a payment, a credit note). Amounts in Indian rupees.',
    left,
    y,
    width,
    { size: 7, color: GREY },
  );

  // Footers: page numbers and when it was made.
  const range = pdf.bufferedPageRange();
  const made = `Made ${s.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i);
    // The footer sits below the bottom margin: without this pdfkit would start a new page for it.
    pdf.page.margins.bottom = 0;
    pdf.font(FONT).fontSize(7).fillColor(GREY);
    pdf.text(`${made} · Page ${i + 1} of ${range.count}`, left, 841.89 - 30, {
      width,
      align: 'center',
      lineBreak: false,
    });
  }
  pdf.end();
  return done;
}
