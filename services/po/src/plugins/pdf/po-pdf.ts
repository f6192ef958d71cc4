/**
 * The printable purchase order: an A4 PDF a vendor receives. Pure: a PoDocument in, the PDF's
 * bytes out; no database, no clock except the PDF's creation date.
 *
 * Every figure comes from poTotals, which does the arithmetic with the contracts' money functions
 * (integer paise and hundredths, never floating-point rupees). Per line: taxable value = rate x
 * quantity, GST = GST per unit x quantity (each rounded to the paisa), split into CGST + SGST when
 * the vendor's GSTIN is of the company's state and into IGST otherwise; line total = taxable + GST.
 * The fleet (transport) cost and its GST are split the same way. Grand total = the lines' totals +
 * fleet cost + fleet GST.
 *
 * Fonts (decision 0036): Latin text in the standard Helvetica fonts; names and addresses in the
 * Indian scripts (Devanagari, Bengali, Gurmukhi, Gujarati, Tamil, Telugu, Kannada) in the Noto Sans
 * font of their script, embedded as a subset and shaped (the kit's PdfText). '₹' is written 'Rs.'
 * (Helvetica has none), and a character no font here draws (an emoji, Chinese...) becomes '?'
 * (pdfTextSafe) instead of breaking the text.
 */
import {
  amountInWords,
  formatPaise,
  gstSplit,
  lineAmount,
  sameGstState,
  sumPaise,
  unitTotal,
  type Hundredths,
  type Paise,
} from '@erp/contracts';
import { loadPdfKit, PdfText, pdfSafeText } from '@erp/service-kit';
import type PDFDocument from 'pdfkit';

export interface PoParty {
  name: string;
  address: string;
  gstin: string;
  phone?: string;
  email?: string;
}

export interface PoDocumentLine {
  itemName: string;
  unit: string;
  quantityHundredths: Hundredths;
  pricePaise: Paise;
  /** GST per unit. */
  gstPaise: Paise;
}

export interface PoDocument {
  company: PoParty;
  vendor: PoParty;
  po: {
    number: string;
    /** ISO date (2026-11-25) or timestamp; a timestamp is shown as its date in India (IST). */
    orderDate: string;
    indentNumber: string;
    projectName: string;
    projectCode: string;
    boqNumber: string;
    deliverySite: string;
    approvedBy: string;
  };
  lines: PoDocumentLine[];
  fleet: { amountPaise: Paise; gstPaise: Paise };
  terms: string[];
}

export interface PoLineTotals {
  itemName: string;
  unit: string;
  quantityHundredths: Hundredths;
  pricePaise: Paise;
  /** Rate x quantity. */
  taxablePaise: Paise;
  /** GST per unit x quantity = cgst + sgst + igst. */
  gstPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  /** Taxable + GST. */
  totalPaise: Paise;
}

export interface PoFleetTotals {
  amountPaise: Paise;
  gstPaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  totalPaise: Paise;
}

export interface PoTotals {
  /** The vendor's GSTIN is of the company's state: CGST + SGST; otherwise IGST. */
  sameState: boolean;
  lines: PoLineTotals[];
  fleet: PoFleetTotals;
  /** The lines' taxable values alone. */
  linesTaxablePaise: Paise;
  /** The lines' totals (taxable + GST) alone. */
  linesTotalPaise: Paise;
  /** Everything GST is charged on: the lines' taxable values + the fleet cost. */
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
  /** cgst + sgst + igst, lines and fleet. */
  gstPaise: Paise;
  /** The lines' totals + fleet cost + fleet GST (= taxable + GST). */
  grandTotalPaise: Paise;
}

/** The PO's figures, exactly, as the PDF prints them. Throws a RangeError when an amount or quantity is not a safe integer. */
export function poTotals(doc: PoDocument): PoTotals {
  const sameState = sameGstState(doc.company.gstin, doc.vendor.gstin);
  const lines = doc.lines.map((line): PoLineTotals => {
    // The line's total is the PO's own (SPEC §9: quantity x (price + GST), rounded once), so the
    // printed grand total is the PO's amount to the paisa; the GST is what it holds above the taxable value.
    const taxablePaise = lineAmount(line.pricePaise, line.quantityHundredths);
    const gstPaise =
      lineAmount(unitTotal(line.pricePaise, line.gstPaise), line.quantityHundredths) - taxablePaise;
    return {
      itemName: line.itemName,
      unit: line.unit,
      quantityHundredths: line.quantityHundredths,
      pricePaise: line.pricePaise,
      taxablePaise,
      gstPaise,
      ...gstSplit(gstPaise, sameState),
      totalPaise: sumPaise([taxablePaise, gstPaise]),
    };
  });
  const fleet: PoFleetTotals = {
    amountPaise: doc.fleet.amountPaise,
    gstPaise: doc.fleet.gstPaise,
    ...gstSplit(doc.fleet.gstPaise, sameState),
    totalPaise: sumPaise([doc.fleet.amountPaise, doc.fleet.gstPaise]),
  };
  const linesTaxablePaise = sumPaise(lines.map((l) => l.taxablePaise));
  const linesTotalPaise = sumPaise(lines.map((l) => l.totalPaise));
  const cgstPaise = sumPaise([...lines.map((l) => l.cgstPaise), fleet.cgstPaise]);
  const sgstPaise = sumPaise([...lines.map((l) => l.sgstPaise), fleet.sgstPaise]);
  const igstPaise = sumPaise([...lines.map((l) => l.igstPaise), fleet.igstPaise]);
  return {
    sameState,
    lines,
    fleet,
    linesTaxablePaise,
    linesTotalPaise,
    taxablePaise: sumPaise([linesTaxablePaise, fleet.amountPaise]),
    cgstPaise,
    sgstPaise,
    igstPaise,
    gstPaise: sumPaise([cgstPaise, sgstPaise, igstPaise]),
    grandTotalPaise: sumPaise([linesTotalPaise, fleet.amountPaise, fleet.gstPaise]),
  };
}

/**
 * Text the PDF's fonts can draw: '₹' becomes 'Rs.', tabs and other control characters a space (line
 * breaks stay), the Indian scripts stay, and every other character outside WinAnsi '?', one per code
 * point (the reader sees that something was there). Never throws.
 */
export const pdfTextSafe = pdfSafeText;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * An ISO date as 'dd Mon yyyy' (2026-11-25 -> '25 Nov 2026'). A timestamp is shown as its date in
 * India (IST, UTC+05:30). Anything unreadable is returned as given (made PDF-safe), never thrown.
 */
export function formatOrderDate(iso: string): string {
  const value = typeof iso === 'string' ? iso.trim() : '';
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (dateOnly) {
    const [, y, m, d] = dateOnly;
    const month = MONTHS[Number(m) - 1];
    if (month && Number(d) >= 1 && Number(d) <= 31) return `${d} ${month} ${y}`;
    return pdfTextSafe(value);
  }
  const time = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(time)) return pdfTextSafe(value);
  const ist = new Date(time + IST_OFFSET_MS);
  return `${String(ist.getUTCDate()).padStart(2, '0')} ${MONTHS[ist.getUTCMonth()]!} ${ist.getUTCFullYear()}`;
}

/** A quantity in hundredths with Indian grouping and at most two decimals: 125000 -> '1,250', 1250 -> '12.5', 1205 -> '12.05'. */
export function formatQuantity(quantity: Hundredths): string {
  const text = formatPaise(quantity, '');
  return text.replace(/\.00$/, '').replace(/(\.\d)0$/, '$1');
}

/** The rupee prefix in the PDF: the standard fonts have no '₹'. */
const RS = 'Rs. ';

// Layout, in points (A4 is 595.28 x 841.89).
const MARGIN = 36;
const FOOTER_Y = 841.89 - 30;
/** Content stops here; the footer goes below it. */
const CONTENT_BOTTOM = 841.89 - 46;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const GREY = '#555555';
const RULE = '#999999';
const HEADER_FILL = '#e8e8e8';
const TEXT_SIZE = 8.5;
const TABLE_SIZE = 7.5;
const CELL_PAD_X = 3;
const CELL_PAD_Y = 3;
/** Longest texts drawn (characters): one table row, block or term never outgrows a page. */
const MAX_ITEM_CHARS = 300;
const MAX_BLOCK_CHARS = 240;
const MAX_DETAIL_CHARS = 150;
const MAX_TERM_CHARS = 1500;

interface Column {
  header: string;
  width: number;
  align: 'left' | 'right' | 'center';
  /** Numbers shrink to fit their column instead of wrapping. */
  numeric: boolean;
}

interface Row {
  cells: string[];
  bold?: boolean;
}

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** A block of text (an address) kept to a few lines and characters so the page header stays bounded. */
function block(text: string, maxChars = MAX_BLOCK_CHARS, maxLines = 4): string {
  const lines = pdfTextSafe(text)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const kept = lines.length <= maxLines ? lines.join('\n') : `${lines.slice(0, maxLines).join('\n')}…`;
  return clip(kept, maxChars);
}

/** Draws a PoDocument. One instance per render. */
class PoPdfWriter {
  private readonly pdf: PDFKit.PDFDocument;
  private readonly left = MARGIN;
  private readonly right: number;
  private readonly width: number;
  private y = MARGIN;
  private readonly texts: PdfText;
  private style = { font: FONT, size: TEXT_SIZE };

  constructor(
    private readonly doc: PoDocument,
    private readonly totals: PoTotals,
    PDFDocumentClass: typeof PDFDocument,
  ) {
    this.pdf = new PDFDocumentClass({
      size: 'A4',
      layout: 'portrait',
      margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
      bufferPages: true,
      info: {
        Title: pdfTextSafe(`Purchase order ${doc.po.number}`),
        Author: pdfTextSafe(doc.company.name),
        Subject: pdfTextSafe(`Purchase order to ${doc.vendor.name}`),
      },
    });
    this.right = this.pdf.page.width - MARGIN;
    this.width = this.right - this.left;
    this.texts = new PdfText(this.pdf);
  }

  async render(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      this.pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
      this.pdf.on('end', () => resolve(Buffer.concat(chunks)));
      this.pdf.on('error', reject);
    });
    this.header();
    this.parties();
    this.table();
    this.summary();
    this.terms();
    this.signature();
    this.footers();
    this.pdf.end();
    return done;
  }

  // ---- text helpers ---------------------------------------------------------------------------

  private font(name: string, size: number, color = '#000000'): this {
    this.pdf.font(name).fontSize(size).fillColor(color);
    this.style = { font: name, size };
    return this;
  }

  private heightOf(text: string, width: number): number {
    return this.texts.height(text, width, { ...this.style, lineGap: 1 });
  }

  /** Draws text at (x, y) wrapped to width; returns its height. The caller has made room for it. */
  private write(
    text: string,
    x: number,
    y: number,
    width: number,
    align: 'left' | 'right' | 'center' = 'left',
  ): number {
    return this.texts.draw(text, x, y, width, { ...this.style, align, lineGap: 1 });
  }

  /** A new page when fewer than `needed` points are left; on a continuation page, a small heading first. */
  private ensureRoom(needed: number): boolean {
    if (this.y + needed <= CONTENT_BOTTOM) return false;
    this.pdf.addPage();
    this.y = MARGIN;
    this.font(FONT, 7.5, GREY);
    const heading = `${clip(pdfTextSafe(`Purchase order ${this.doc.po.number} · ${this.doc.company.name}`), 120)} (continued)`;
    this.y += this.write(heading, this.left, this.y, this.width) + 8;
    return true;
  }

  private rule(y: number, color = RULE): void {
    this.pdf
      .save()
      .moveTo(this.left, y)
      .lineTo(this.right, y)
      .lineWidth(0.6)
      .strokeColor(color)
      .stroke()
      .restore();
  }

  // ---- sections -------------------------------------------------------------------------------

  /** Company block on the left, title and PO number on the right. */
  private header(): void {
    const { company, po } = this.doc;
    const rightWidth = 200;
    const leftWidth = this.width - rightWidth - 16;
    const top = this.y;

    let ly = top;
    this.font(BOLD, 13);
    ly += this.write(clip(pdfTextSafe(company.name), 120), this.left, ly, leftWidth) + 2;
    this.font(FONT, TEXT_SIZE, '#222222');
    ly += this.write(block(company.address), this.left, ly, leftWidth);
    ly += this.write(`GSTIN: ${gstinText(company.gstin)}`, this.left, ly, leftWidth);
    ly += this.write(contactLine(company), this.left, ly, leftWidth);

    let ry = top;
    const rx = this.right - rightWidth;
    this.font(BOLD, 16);
    ry += this.write('PURCHASE ORDER', rx, ry, rightWidth, 'right') + 4;
    this.font(BOLD, 10);
    ry += this.write(clip(pdfTextSafe(`PO No. ${po.number}`), 80), rx, ry, rightWidth, 'right');

    this.y = Math.max(ly, ry) + 8;
    this.rule(this.y);
    this.y += 8;
  }

  /** Vendor on the left; order details on the right. */
  private parties(): void {
    const { vendor, po } = this.doc;
    const gap = 16;
    const leftWidth = (this.width - gap) * 0.46;
    const rx = this.left + leftWidth + gap;
    const rightWidth = this.right - rx;
    const top = this.y;

    let ly = top;
    this.font(BOLD, 7.5, GREY);
    ly += this.write('VENDOR', this.left, ly, leftWidth) + 2;
    this.font(BOLD, 10);
    ly += this.write(clip(pdfTextSafe(vendor.name), 120), this.left, ly, leftWidth) + 1;
    this.font(FONT, TEXT_SIZE, '#222222');
    ly += this.write(block(vendor.address), this.left, ly, leftWidth);
    ly += this.write(`GSTIN: ${gstinText(vendor.gstin)}`, this.left, ly, leftWidth);
    ly += this.write(contactLine(vendor), this.left, ly, leftWidth);

    const details: Array<[string, string]> = [
      ['PO number', po.number],
      ['Order date', formatOrderDate(po.orderDate)],
      ['Indent number', po.indentNumber],
      ['Project', [po.projectCode, po.projectName].filter((s) => s && s.trim() !== '').join(' · ')],
      ['BOQ', po.boqNumber],
      ['Delivery site', po.deliverySite],
      ['Approved by', po.approvedBy],
    ];
    const labelWidth = 72;
    let ry = top;
    for (const [label, value] of details) {
      const text = block(value, MAX_DETAIL_CHARS, 3) || '—';
      this.font(FONT, TEXT_SIZE, GREY);
      this.write(label, rx, ry, labelWidth);
      this.font(BOLD, TEXT_SIZE);
      ry += this.write(text, rx + labelWidth, ry, rightWidth - labelWidth) + 2;
    }

    this.y = Math.max(ly, ry) + 12;
  }

  private columns(): Column[] {
    const fixed: Column[] = [
      { header: '#', width: 18, align: 'right', numeric: true },
      { header: 'Item', width: 0, align: 'left', numeric: false },
      { header: 'Unit', width: 32, align: 'left', numeric: false },
      { header: 'Qty', width: 44, align: 'right', numeric: true },
      { header: 'Rate', width: 56, align: 'right', numeric: true },
      { header: 'Taxable value', width: 64, align: 'right', numeric: true },
      ...(this.totals.sameState
        ? [
            { header: 'CGST', width: 52, align: 'right', numeric: true } as const,
            { header: 'SGST', width: 52, align: 'right', numeric: true } as const,
          ]
        : [{ header: 'IGST', width: 64, align: 'right', numeric: true } as const]),
      { header: 'Line total', width: 66, align: 'right', numeric: true },
    ];
    const item = fixed[1]!;
    item.width = this.width - sumWidths(fixed);
    return fixed;
  }

  private rows(): Row[] {
    const t = this.totals;
    const amount = (paise: Paise) => formatPaise(paise, '');
    const taxes = (s: { cgstPaise: Paise; sgstPaise: Paise; igstPaise: Paise }) =>
      t.sameState ? [amount(s.cgstPaise), amount(s.sgstPaise)] : [amount(s.igstPaise)];
    const rows: Row[] = t.lines.map((line, i) => ({
      cells: [
        String(i + 1),
        clip(pdfTextSafe(line.itemName), MAX_ITEM_CHARS),
        clip(pdfTextSafe(line.unit), 16),
        formatQuantity(line.quantityHundredths),
        amount(line.pricePaise),
        amount(line.taxablePaise),
        ...taxes(line),
        amount(line.totalPaise),
      ],
    }));
    rows.push({
      cells: [
        '',
        'Fleet cost (transport)',
        '',
        '',
        '',
        amount(t.fleet.amountPaise),
        ...taxes(t.fleet),
        amount(t.fleet.totalPaise),
      ],
    });
    rows.push({
      cells: ['', 'Total', '', '', '', amount(t.taxablePaise), ...taxes(t), amount(t.grandTotalPaise)],
      bold: true,
    });
    return rows;
  }

  private rowHeight(columns: Column[], cells: string[], font: string): number {
    this.font(font, TABLE_SIZE);
    let height = 0;
    columns.forEach((c, i) => {
      const text = cells[i] ?? '';
      const h = c.numeric ? this.pdf.currentLineHeight(true) : this.heightOf(text, c.width - 2 * CELL_PAD_X);
      height = Math.max(height, h);
    });
    return height + 2 * CELL_PAD_Y;
  }

  private drawRow(columns: Column[], cells: string[], font: string, height: number, fill?: string): void {
    const top = this.y;
    if (fill) this.pdf.save().rect(this.left, top, this.width, height).fill(fill).restore();
    let x = this.left;
    columns.forEach((c, i) => {
      const text = cells[i] ?? '';
      const inner = c.width - 2 * CELL_PAD_X;
      this.font(font, TABLE_SIZE);
      if (c.numeric) {
        // A number never wraps: it shrinks until it fits its column.
        let size = TABLE_SIZE;
        while (size > 4 && this.pdf.fontSize(size).widthOfString(text) > inner) size -= 0.25;
        this.pdf.text(text, x + CELL_PAD_X, top + CELL_PAD_Y, {
          width: inner,
          align: c.align,
          lineBreak: false,
        });
      } else {
        this.texts.draw(text, x + CELL_PAD_X, top + CELL_PAD_Y, inner, {
          font,
          size: TABLE_SIZE,
          align: c.align,
          lineGap: 1,
        });
      }
      x += c.width;
    });
    // Borders: the row's bottom, and the column separators.
    this.pdf.save().lineWidth(0.4).strokeColor(RULE);
    this.pdf.rect(this.left, top, this.width, height).stroke();
    x = this.left;
    for (const c of columns.slice(0, -1)) {
      x += c.width;
      this.pdf
        .moveTo(x, top)
        .lineTo(x, top + height)
        .stroke();
    }
    this.pdf.restore();
    this.y = top + height;
  }

  /** The lines table; it flows onto further pages with its header repeated. */
  private table(): void {
    const columns = this.columns();
    const headers = columns.map((c) => c.header);
    const headerHeight = this.rowHeight(columns, headers, BOLD);
    const headerRow = () => this.drawRow(columns, headers, BOLD, headerHeight, HEADER_FILL);

    this.font(FONT, 7, GREY);
    this.write('All amounts in Rs.', this.left, this.y, this.width, 'right');
    this.y += 10;
    headerRow();
    for (const row of this.rows()) {
      const font = row.bold ? BOLD : FONT;
      const height = this.rowHeight(columns, row.cells, font);
      if (this.ensureRoom(height)) headerRow();
      this.drawRow(columns, row.cells, font, height, row.bold ? '#f4f4f4' : undefined);
    }
    this.y += 10;
  }

  /** Totals in figures on the right, the grand total in words below them. */
  private summary(): void {
    const t = this.totals;
    const entries: Array<[string, Paise, boolean]> = [
      ['Taxable value', t.taxablePaise, false],
      ...(t.sameState
        ? ([
            ['CGST', t.cgstPaise, false],
            ['SGST', t.sgstPaise, false],
          ] as Array<[string, Paise, boolean]>)
        : ([['IGST', t.igstPaise, false]] as Array<[string, Paise, boolean]>)),
      ['Grand total', t.grandTotalPaise, true],
    ];
    const words = `Amount in words: ${amountWords(t.grandTotalPaise)}`;
    this.font(BOLD, TEXT_SIZE);
    const wordsHeight = this.heightOf(words, this.width);
    this.ensureRoom(entries.length * 14 + 8 + wordsHeight + 4);

    const boxWidth = 250;
    const x = this.right - boxWidth;
    for (const [label, paise, strong] of entries) {
      if (strong) {
        this.pdf
          .save()
          .moveTo(x, this.y)
          .lineTo(this.right, this.y)
          .lineWidth(0.8)
          .strokeColor('#000000')
          .stroke()
          .restore();
        this.y += 3;
      }
      this.font(strong ? BOLD : FONT, strong ? 10 : TEXT_SIZE, strong ? '#000000' : '#222222');
      this.write(label, x, this.y, 110);
      const figure = formatPaise(paise, RS);
      this.write(figure, x + 110, this.y, boxWidth - 110, 'right');
      this.y += strong ? 15 : 12;
    }
    this.y += 6;
    this.font(BOLD, TEXT_SIZE);
    this.y += this.write(words, this.left, this.y, this.width) + 12;
  }

  /** The terms as a numbered list. */
  private terms(): void {
    const terms = this.doc.terms
      .map((t) => clip(pdfTextSafe(t).trim(), MAX_TERM_CHARS))
      .filter((t) => t !== '');
    if (terms.length === 0) return;
    const numberWidth = 18;
    const textWidth = this.width - numberWidth;
    this.font(FONT, TEXT_SIZE);
    const first = this.heightOf(terms[0]!, textWidth);
    this.ensureRoom(14 + first);
    this.font(BOLD, 9);
    this.y += this.write('Terms and conditions', this.left, this.y, this.width) + 4;
    terms.forEach((term, i) => {
      this.font(FONT, TEXT_SIZE, '#222222');
      const height = this.heightOf(term, textWidth);
      this.ensureRoom(height);
      this.font(FONT, TEXT_SIZE, '#222222');
      this.write(`${i + 1}.`, this.left, this.y, numberWidth);
      this.y += this.write(term, this.left + numberWidth, this.y, textWidth) + 3;
    });
    this.y += 10;
  }

  /** 'For {company}', room to sign, 'Authorised Signatory'. */
  private signature(): void {
    const width = 220;
    const x = this.right - width;
    const forText = clip(pdfTextSafe(`For ${this.doc.company.name}`), 120);
    this.font(BOLD, 9);
    this.ensureRoom(this.heightOf(forText, width) + 40 + 14);
    // ensureRoom may have drawn a continuation heading in another font.
    this.font(BOLD, 9);
    this.y += this.write(forText, x, this.y, width, 'right') + 34;
    this.pdf
      .save()
      .moveTo(x + 60, this.y)
      .lineTo(this.right, this.y)
      .lineWidth(0.6)
      .strokeColor('#000000')
      .stroke()
      .restore();
    this.y += 4;
    this.font(FONT, TEXT_SIZE);
    this.y += this.write('Authorised Signatory', x, this.y, width, 'right');
  }

  /** 'Page n of m' and the PO number at the foot of every page. */
  private footers(): void {
    const range = this.pdf.bufferedPageRange();
    const number = clip(pdfTextSafe(`Purchase order ${this.doc.po.number}`), 90);
    for (let i = 0; i < range.count; i++) {
      this.pdf.switchToPage(range.start + i);
      // The footer sits below the bottom margin: without this pdfkit would start a new page for it.
      this.pdf.page.margins.bottom = 0;
      this.pdf
        .save()
        .moveTo(this.left, FOOTER_Y - 5)
        .lineTo(this.right, FOOTER_Y - 5)
        .lineWidth(0.4)
        .strokeColor(RULE)
        .stroke()
        .restore();
      this.font(FONT, 7.5, GREY);
      this.pdf.text(number, this.left, FOOTER_Y, { width: this.width / 2, lineBreak: false });
      this.pdf.text(`Page ${i + 1} of ${range.count}`, this.left + this.width / 2, FOOTER_Y, {
        width: this.width / 2,
        align: 'right',
        lineBreak: false,
      });
    }
  }
}

function sumWidths(columns: Column[]): number {
  return columns.reduce((s, c) => s + c.width, 0);
}

function gstinText(gstin: string): string {
  const value = pdfTextSafe(gstin).trim();
  return value === '' ? 'Not registered' : clip(value, 20);
}

function contactLine(party: PoParty): string {
  const parts = [
    party.phone ? `Phone: ${party.phone}` : '',
    party.email ? `Email: ${party.email}` : '',
  ].filter((s) => s.trim() !== '');
  return clip(pdfTextSafe(parts.join(' · ')), 160);
}

/** The grand total in words; a negative total (not expected on a PO) is said as 'Minus ...'. */
function amountWords(paise: Paise): string {
  return paise < 0 ? `Minus ${amountInWords(-paise)}` : amountInWords(paise);
}

/**
 * The purchase order as an A4 PDF. Rejects (RangeError) only when an amount or quantity is not a
 * safe integer; any text is drawn: the Indian scripts in their fonts, characters no font here has as '?'.
 */
export async function renderPoPdf(doc: PoDocument): Promise<Buffer> {
  const totals = poTotals(doc);
  return new PoPdfWriter(doc, totals, await loadPdfKit()).render();
}
