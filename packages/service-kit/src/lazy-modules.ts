/**
 * Libraries only some requests need (spreadsheets, PDFs), loaded on first use instead of at start:
 * exceljs and pdfkit cost about 0.45 s and 0.33 s of CPU to import, which every process paid before
 * it was ready, whether it ever wrote a workbook or not (bench/distributed-restart.mjs).
 */
import type ExcelJS from 'exceljs';
import type PDFDocument from 'pdfkit';

let excel: Promise<typeof ExcelJS> | undefined;
let pdf: Promise<typeof PDFDocument> | undefined;

/** The exceljs module (its default export), imported once. */
export function loadExcelJs(): Promise<typeof ExcelJS> {
  return (excel ??= import('exceljs').then((m) => m.default));
}

/** pdfkit's PDFDocument class, imported once. */
export function loadPdfKit(): Promise<typeof PDFDocument> {
  return (pdf ??= import('pdfkit').then((m) => m.default));
}
