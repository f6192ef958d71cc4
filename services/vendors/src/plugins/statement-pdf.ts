/**
 * A vendor's statement of account as PDF (pdfkit, A4, Helvetica for English and the Noto Sans
 * fonts of the Indian scripts, as the printed PO: the kit's PdfText). The figures are
 * domain/statement.ts's; this only draws them.
 *
 * Columns as a creditor's account is kept: Credit adds to what is owed (a PO, approved overbilling,
 * the reversal of a payment), Debit lowers it (a payment, a credit note, the reversal of a PO).
 */
import type PDFDocument from 'pdfkit';
import { formatPaise } from '@erp/contracts';
import { loadPdfKit, PdfText, pdfSafeText } from '@erp/service-kit';
import {
  dayText,
  entriesText,
  statementTotals,
  type StatementInput,
  type StatementTotals,
} from '../domain/statement.js';

export type { StatementInput } from '../domain/statement.js';

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

interface TextOptions {
  font?: string;
  size?: number;
  color?: string;
  align?: 'left' | 'right';
}

/** Draws one statement. One instance per render. */
class StatementPdfWriter {
  private readonly pdf: PDFKit.PDFDocument;
  private readonly texts: PdfText;
  private readonly left = MARGIN;
  private readonly width: number;
  private readonly cols: Col[];
  private y = MARGIN;

  constructor(
    private readonly s: StatementInput,
    private readonly t: StatementTotals,
    PDFDocumentClass: typeof PDFDocument,
  ) {
    this.pdf = new PDFDocumentClass({
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
      bufferPages: true,
      info: {
        Title: pdfText(`Statement of account ${s.vendor.vendorId} ${s.from} to ${s.to}`),
        Author: pdfText(s.company.name),
      },
    });
    this.width = this.pdf.page.width - 2 * MARGIN;
    const fixed = COLS.reduce((sum, c) => sum + c.width, 0);
    this.cols = COLS.map((c) => (c.width === 0 ? { ...c, width: this.width - fixed } : c));
    this.texts = new PdfText(this.pdf);
  }

  render(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      this.pdf.on('data', (c: Buffer) => chunks.push(c));
      this.pdf.on('end', () => resolve(Buffer.concat(chunks)));
      this.pdf.on('error', reject);
    });
    this.heading();
    this.vendorBlock();
    this.table();
    this.legend();
    this.footers();
    this.pdf.end();
    return done;
  }

  private text(value: string, x: number, at: number, w: number, opts: TextOptions = {}): number {
    this.pdf.fillColor(opts.color ?? '#000000');
    return this.texts.draw(value, x, at, w, {
      font: opts.font ?? FONT,
      size: opts.size ?? 8,
      align: opts.align ?? 'left',
      lineGap: 1,
    });
  }

  /** Header: company, title, period. */
  private heading(): void {
    const { s, left, width } = this;
    this.y +=
      this.text(clip(pdfText(s.company.name), 100), left, this.y, width * 0.6, { font: BOLD, size: 13 }) + 2;
    this.y += this.text(clip(pdfText(s.company.address), 200), left, this.y, width * 0.6, {
      size: 8,
      color: '#222222',
    });
    if (s.company.gstin)
      this.y += this.text(`GSTIN: ${pdfText(s.company.gstin)}`, left, this.y, width * 0.6, {
        size: 8,
        color: '#222222',
      });
    this.text('STATEMENT OF ACCOUNT', left + width * 0.5, MARGIN, width * 0.5, {
      font: BOLD,
      size: 14,
      align: 'right',
    });
    this.text(`${dayText(s.from)} to ${dayText(s.to)}`, left + width * 0.5, MARGIN + 20, width * 0.5, {
      size: 9,
      align: 'right',
    });
    this.y += 10;
    this.pdf
      .moveTo(left, this.y)
      .lineTo(left + width, this.y)
      .lineWidth(0.6)
      .strokeColor('#999999')
      .stroke();
    this.y += 8;
  }

  /** The vendor, with the period's summary on its right. */
  private vendorBlock(): void {
    const { s, t, left, width } = this;
    const vendorTop = this.y;
    this.text('VENDOR', left, this.y, width, { font: BOLD, size: 7.5, color: GREY });
    this.y += 10;
    this.y +=
      this.text(clip(pdfText(`${s.vendor.name} (${s.vendor.vendorId})`), 140), left, this.y, width * 0.6, {
        font: BOLD,
        size: 10,
      }) + 1;
    this.y += this.text(clip(pdfText(s.vendor.address), 200), left, this.y, width * 0.6, {
      size: 8,
      color: '#222222',
    });
    if (s.vendor.gstin)
      this.y += this.text(`GSTIN: ${pdfText(s.vendor.gstin)}`, left, this.y, width * 0.6, {
        size: 8,
        color: '#222222',
      });
    // Summary on the right of the vendor block.
    const summary: Array<[string, string]> = [
      ['Opening balance', money(t.openingPaise)],
      ['Debits (payments, credit notes)', money(t.debitPaise)],
      ['Credits (POs, overbilling)', money(t.creditPaise)],
      ['Closing balance (owed)', money(t.closingPaise)],
    ];
    let sy = vendorTop;
    for (const [label, value] of summary) {
      this.text(label, left + width * 0.55, sy, width * 0.25, { size: 8, color: GREY });
      this.text(value, left + width * 0.8, sy, width * 0.2, { font: BOLD, size: 8, align: 'right' });
      sy += 11;
    }
    this.y = Math.max(this.y, sy) + 12;
  }

  private tableHeader(): void {
    this.pdf.rect(this.left, this.y, this.width, 14).fill('#e8e8e8');
    let x = this.left;
    for (const c of this.cols) {
      this.text(c.header, x + 3, this.y + 3, c.width - 6, { font: BOLD, size: 7.5, align: c.align });
      x += c.width;
    }
    this.y += 16;
  }

  /** A new page, headed as a continuation, with the table's header again. */
  private continuation(): void {
    const { s } = this;
    this.pdf.addPage();
    this.y = MARGIN;
    this.text(
      pdfText(
        `Statement of account · ${s.vendor.vendorId} · ${dayText(s.from)} to ${dayText(s.to)} (continued)`,
      ),
      this.left,
      this.y,
      this.width,
      { size: 7.5, color: GREY },
    );
    this.y += 14;
    this.tableHeader();
  }

  private row(cells: string[], bold = false): void {
    const { cols, left, width } = this;
    const font = bold ? BOLD : FONT;
    const h =
      Math.max(
        ...cells.map((cell, i) =>
          this.texts.height(cell || ' ', cols[i]!.width - 6, { font, size: 7.5, lineGap: 1 }),
        ),
      ) + 5;
    if (this.y + h > PAGE_BOTTOM) this.continuation();
    let x = left;
    cells.forEach((cell, i) => {
      this.text(cell, x + 3, this.y + 2, cols[i]!.width - 6, { font, size: 7.5, align: cols[i]!.align });
      x += cols[i]!.width;
    });
    this.y += h;
    this.pdf
      .moveTo(left, this.y - 1)
      .lineTo(left + width, this.y - 1)
      .lineWidth(0.3)
      .strokeColor('#cccccc')
      .stroke();
  }

  /** The entries between the opening and the closing balance, with the period's totals. */
  private table(): void {
    const { s, t } = this;
    this.tableHeader();
    this.row(
      [dayText(s.from), '', 'Opening', '', 'Balance brought forward', '', '', money(t.openingPaise)],
      true,
    );
    for (const r of t.rows) {
      this.row([
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
    if (t.rows.length === 0) this.row(['', '', '', '', 'No entries in this period', '', '', ''], false);
    this.row(
      ['', '', 'Totals', '', entriesText(t.rows.length), money(t.debitPaise), money(t.creditPaise), ''],
      true,
    );
    this.row(
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
  }

  private legend(): void {
    this.y += 8;
    if (this.y + 30 > PAGE_BOTTOM) {
      this.pdf.addPage();
      this.y = MARGIN;
    }
    this.text(
      'Credit: added to what is owed (a PO, approved overbilling, the reversal of a payment or credit note). Debit: lowers it (a payment, a credit note). Amounts in Indian rupees.',
      this.left,
      this.y,
      this.width,
      { size: 7, color: GREY },
    );
  }

  /** Footers: page numbers and when it was made. */
  private footers(): void {
    const { pdf } = this;
    const range = pdf.bufferedPageRange();
    const made = `Made ${this.s.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    for (let i = 0; i < range.count; i++) {
      pdf.switchToPage(range.start + i);
      // The footer sits below the bottom margin: without this pdfkit would start a new page for it.
      pdf.page.margins.bottom = 0;
      pdf.font(FONT).fontSize(7).fillColor(GREY);
      pdf.text(`${made} · Page ${i + 1} of ${range.count}`, this.left, 841.89 - 30, {
        width: this.width,
        align: 'center',
        lineBreak: false,
      });
    }
  }
}

export async function statementPdf(s: StatementInput): Promise<Buffer> {
  const t = statementTotals(s);
  const PDFDocumentClass = await loadPdfKit();
  return new StatementPdfWriter(s, t, PDFDocumentClass).render();
}
