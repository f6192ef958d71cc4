import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountInWords, formatPaise, lineAmount, sumPaise, unitTotal } from '@erp/contracts';
import {
  containsChars,
  INDIAN_NAMES,
  indianNameProblems,
  pdfToText,
  withoutSpaces,
} from '@erp/service-kit/testing';
import { readPdf } from '../../../test/read-pdf.js';
import {
  formatOrderDate,
  formatQuantity,
  pdfTextSafe,
  poTotals,
  renderPoPdf,
  type PoDocument,
  type PoDocumentLine,
} from './po-pdf.js';

const COMPANY_GSTIN = '27AAPFU0939F1ZV'; // Maharashtra
const SAME_STATE_GSTIN = '27AABCU9603R1ZM'; // Maharashtra
const OTHER_STATE_GSTIN = '29AABCU9603R1ZM'; // Karnataka

function poDocument(overrides: Partial<PoDocument> = {}, vendorGstin = SAME_STATE_GSTIN): PoDocument {
  return {
    company: {
      name: 'Shree Ganesh Constructions Pvt Ltd',
      address: 'Plot 14, MIDC Bhosari\nPune 411026',
      gstin: COMPANY_GSTIN,
      phone: '+91 98220 12345',
      email: 'purchase@sgcpl.in',
    },
    vendor: {
      name: 'Maharashtra Building Materials Co.',
      address: 'Market Yard, Pune 411037',
      gstin: vendorGstin,
    },
    po: {
      number: 'PO-2026-00042',
      orderDate: '2026-11-25',
      indentNumber: 'IND-2026-0117',
      projectName: 'Riverside Residency Tower B',
      projectCode: 'RRT-B',
      boqNumber: 'BOQ-RRT-B-003',
      deliverySite: 'Survey No. 45/2, Baner Road, Pune',
      approvedBy: 'Anil Deshmukh',
    },
    lines: [
      // 120 bags of cement at Rs 380.00 + Rs 106.40 GST per bag.
      {
        itemName: 'OPC 53 Grade Cement, 50 kg bag',
        unit: 'bag',
        quantityHundredths: 12000,
        pricePaise: 38000,
        gstPaise: 10640,
      },
      // 2,500.5 kg of steel at Rs 62.35 + Rs 11.22 GST per kg: GST 28,055.61 is odd -> CGST 14,027.81 + SGST 14,027.80.
      {
        itemName: 'TMT Steel Bar Fe 500D 12 mm',
        unit: 'kg',
        quantityHundredths: 250050,
        pricePaise: 6235,
        gstPaise: 1122,
      },
    ],
    fleet: { amountPaise: 450000, gstPaise: 81001 },
    terms: [
      'Delivery within 7 days of the order date.',
      'Payment 30 days from receipt of a correct tax invoice.',
    ],
    ...overrides,
  };
}

// ---- reading the PDF back --------------------------------------------------------------------

/** WinAnsi bytes 0x80-0x9f that are not Latin-1. */
// ---- the arithmetic --------------------------------------------------------------------------

describe('poTotals', () => {
  it('splits GST into CGST and SGST for a vendor of the company state, the odd paisa to CGST', () => {
    const t = poTotals(poDocument());
    expect(t.sameState).toBe(true);
    expect(t.lines[0]).toMatchObject({
      taxablePaise: 45_600_00,
      gstPaise: 12_768_00,
      cgstPaise: 6_384_00,
      sgstPaise: 6_384_00,
      igstPaise: 0,
      totalPaise: 58_368_00,
    });
    // 2,500.5 x 62.35 = 1,55,906.175 -> 1,55,906.18; 2,500.5 x 11.22 = 28,055.61
    expect(t.lines[1]).toMatchObject({
      taxablePaise: 1_55_906_18,
      gstPaise: 28_055_61,
      cgstPaise: 14_027_81,
      sgstPaise: 14_027_80,
      igstPaise: 0,
      totalPaise: 1_83_961_79,
    });
    // Fleet GST 810.01 is odd too.
    expect(t.fleet).toEqual({
      amountPaise: 4_500_00,
      gstPaise: 810_01,
      cgstPaise: 405_01,
      sgstPaise: 405_00,
      igstPaise: 0,
      totalPaise: 5_310_01,
    });
    expect(t.linesTaxablePaise).toBe(2_01_506_18);
    expect(t.taxablePaise).toBe(2_06_006_18);
    expect(t.cgstPaise).toBe(6_384_00 + 14_027_81 + 405_01);
    expect(t.sgstPaise).toBe(6_384_00 + 14_027_80 + 405_00);
    expect(t.igstPaise).toBe(0);
    expect(t.gstPaise).toBe(41_633_62);
    expect(t.grandTotalPaise).toBe(2_47_639_80);
  });

  it('charges all GST as IGST for a vendor of another state', () => {
    const t = poTotals(poDocument({}, OTHER_STATE_GSTIN));
    expect(t.sameState).toBe(false);
    expect(t.lines.map((l) => [l.cgstPaise, l.sgstPaise, l.igstPaise])).toEqual([
      [0, 0, 12_768_00],
      [0, 0, 28_055_61],
    ]);
    expect(t.fleet).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 810_01 });
    expect(t.cgstPaise + t.sgstPaise).toBe(0);
    expect(t.igstPaise).toBe(41_633_62);
    // Same money, split differently.
    expect(t.grandTotalPaise).toBe(poTotals(poDocument()).grandTotalPaise);
  });

  it('charges IGST when either GSTIN is missing or has no known state code', () => {
    expect(poTotals(poDocument({}, '')).sameState).toBe(false);
    expect(poTotals(poDocument({}, '00AABCU9603R1ZM')).sameState).toBe(false);
    const noCompanyGstin = poDocument();
    noCompanyGstin.company.gstin = '';
    expect(poTotals(noCompanyGstin).sameState).toBe(false);
  });

  it('makes the grand total the lines + fleet cost + fleet GST, and taxable + GST, for any PO', () => {
    const line = fc.record({
      itemName: fc.constant('Item'),
      unit: fc.constant('nos'),
      quantityHundredths: fc.integer({ min: 0, max: 10_000_000 }),
      pricePaise: fc.integer({ min: 0, max: 10_000_000_00 }),
      gstPaise: fc.integer({ min: 0, max: 2_800_000_00 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 20 }),
        fc.integer({ min: 0, max: 1_00_000_00 }),
        fc.integer({ min: 0, max: 18_000_00 }),
        fc.boolean(),
        (lines: PoDocumentLine[], fleetPaise, fleetGstPaise, sameState) => {
          const t = poTotals(
            poDocument(
              { lines, fleet: { amountPaise: fleetPaise, gstPaise: fleetGstPaise } },
              sameState ? SAME_STATE_GSTIN : OTHER_STATE_GSTIN,
            ),
          );
          // The PO's own line totals (quantity x (price + GST), rounded once), as the PO service stores them.
          const linesTotal = sumPaise(
            lines.map((l) => lineAmount(unitTotal(l.pricePaise, l.gstPaise), l.quantityHundredths)),
          );
          expect(t.grandTotalPaise).toBe(linesTotal + fleetPaise + fleetGstPaise);
          expect(t.grandTotalPaise).toBe(t.taxablePaise + t.cgstPaise + t.sgstPaise + t.igstPaise);
          for (const l of t.lines) {
            expect(l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.gstPaise);
            expect(l.totalPaise).toBe(l.taxablePaise + l.gstPaise);
          }
          if (sameState) expect(t.igstPaise).toBe(0);
          else expect(t.cgstPaise + t.sgstPaise).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('refuses amounts that are not whole paise', () => {
    const doc = poDocument();
    doc.lines[0]!.pricePaise = 380.5;
    expect(() => poTotals(doc)).toThrow(RangeError);
  });
});

// ---- text helpers ----------------------------------------------------------------------------

describe('PDF text helpers', () => {
  it('keeps what the fonts draw (Latin, the Indian scripts), writes the rupee sign as Rs. and anything else as ?', () => {
    expect(pdfTextSafe('Café · 50 kg — “best” ’s €5 •')).toBe('Café · 50 kg — “best” ’s €5 •');
    expect(pdfTextSafe('₹1,200')).toBe('Rs.1,200');
    expect(pdfTextSafe('सीमेंट 50 ਪੰਜਾਬ')).toBe('सीमेंट 50 ਪੰਜਾਬ');
    expect(pdfTextSafe('水泥 50')).toBe('?? 50');
    expect(pdfTextSafe('Bricks 🧱')).toBe('Bricks ?');
    expect(pdfTextSafe('a\tb\r\nc\u0000d')).toBe('a b\nc d');
    expect(pdfTextSafe(undefined)).toBe('');
  });

  it('writes the order date as dd Mon yyyy, a timestamp in IST', () => {
    expect(formatOrderDate('2026-11-25')).toBe('25 Nov 2026');
    expect(formatOrderDate('2026-01-05')).toBe('05 Jan 2026');
    expect(formatOrderDate('2026-11-24T20:00:00.000Z')).toBe('25 Nov 2026');
    expect(formatOrderDate('2026-11-25T10:00:00+05:30')).toBe('25 Nov 2026');
    expect(formatOrderDate('soon')).toBe('soon');
    expect(formatOrderDate('2026-13-01')).toBe('2026-13-01');
  });

  it('writes quantities with Indian grouping and at most two decimals', () => {
    expect(formatQuantity(12000)).toBe('120');
    expect(formatQuantity(250050)).toBe('2,500.5');
    expect(formatQuantity(1205)).toBe('12.05');
    expect(formatQuantity(1_00_000_00)).toBe('1,00,000');
  });
});

// ---- the PDF ---------------------------------------------------------------------------------

describe('renderPoPdf', () => {
  it('draws an A4 PO with both parties, the order details, CGST + SGST and the grand total in figures and words', async () => {
    const doc = poDocument();
    const pdf = await renderPoPdf(doc);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, text, mediaBoxes } = readPdf(pdf);
    expect(pages).toBe(1);
    expect(mediaBoxes).toEqual(['/MediaBox [0 0 595.28 841.89]']);
    for (const expected of [
      'PURCHASE ORDER',
      'PO-2026-00042',
      'Shree Ganesh Constructions Pvt Ltd',
      `GSTIN: ${COMPANY_GSTIN}`,
      'VENDOR',
      'Maharashtra Building Materials Co.',
      `GSTIN: ${SAME_STATE_GSTIN}`,
      '25 Nov 2026',
      'IND-2026-0117',
      'RRT-B · Riverside Residency Tower B',
      'BOQ-RRT-B-003',
      'Survey No. 45/2, Baner Road, Pune',
      'Anil Deshmukh',
      'Taxable value',
      'CGST',
      'SGST',
      '1,55,906.18',
      '14,027.81',
      '14,027.80',
      'Fleet cost (transport)',
      'Rs. 2,47,639.80',
      'Amount in words: Rupees Two Lakh Forty-Seven Thousand Six Hundred Thirty-Nine and Eighty Paise Only',
      '1. Delivery within 7 days of the order date.',
      '2. Payment 30 days from receipt of a correct tax invoice.',
      'For Shree Ganesh Constructions Pvt Ltd',
      'Authorised Signatory',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('IGST');
    expect(text).toContain(formatPaise(poTotals(doc).grandTotalPaise, 'Rs. '));
    expect(text).toContain(amountInWords(poTotals(doc).grandTotalPaise));
  });

  it('shows IGST, not CGST and SGST, for an inter-state vendor', async () => {
    const { text } = readPdf(await renderPoPdf(poDocument({}, OTHER_STATE_GSTIN)));
    expect(text).toContain('IGST');
    expect(text).toContain('28,055.61');
    expect(text).toContain(`GSTIN: ${OTHER_STATE_GSTIN}`);
    expect(text).not.toContain('CGST');
    expect(text).not.toContain('SGST');
    expect(text).toContain('Rs. 2,47,639.80');
  });

  it('flows a 120-line PO onto several pages, repeating the table header and numbering the pages', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => ({
      itemName:
        i % 3 === 0
          ? `Item ${i + 1}: river sand, washed, zone II, for plastering and concrete works, delivered loose`
          : `Item ${i + 1}`,
      unit: 'nos',
      quantityHundredths: 100 * (i + 1),
      pricePaise: 10_000,
      gstPaise: 1_800,
    }));
    const doc = poDocument({ lines });
    const { pages, runs, text } = readPdf(await renderPoPdf(doc));
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text).toContain(`Page 1 of ${pages}`);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // The header row ('Line total' only appears there) once per page of the table.
    expect(runs.filter((r) => r === 'Line total').length).toBe(pages);
    expect(
      runs.filter((r) => r.startsWith('Purchase order PO-2026-00042 · ') && r.endsWith('(continued)')).length,
    ).toBe(pages - 1);
    expect(runs).toContain('120');
    const t = poTotals(doc);
    expect(text).toContain(`Rs. ${formatPaise(t.grandTotalPaise, '')}`);
    expect(text).toContain(amountInWords(t.grandTotalPaise));
  });

  it('prints names in the seven Indian scripts with their fonts embedded, readable back from the PDF; what no font has as ?', async () => {
    const lines: PoDocumentLine[] = INDIAN_NAMES.map((n, i) => ({
      itemName: `Cement ${n.name} 50 kg`,
      unit: i === 0 ? 'बोरी' : 'bag',
      quantityHundredths: 1000,
      pricePaise: 38000,
      gstPaise: 10640,
    }));
    const doc = poDocument({ lines, terms: ['माल की डिलीवरी 7 दिनों में', 'Price in ₹ incl. freight 🚚'] });
    doc.vendor.name = 'श्री गणेश ट्रेडर्स (Shree Ganesh Traders)';
    doc.vendor.address = 'ਪੰਜਾਬ ਸਟੀਲ ਮਾਰਕੀਟ, Ludhiana';
    doc.po.deliverySite = 'க்ஷேத்ர சைட் 4, Chennai';
    const started = Date.now();
    const pdf = await renderPoPdf(doc);
    expect(Date.now() - started).toBeLessThan(5000);
    // Each script's Noto Sans font is embedded (a subset), Helvetica stays for English; every name reads back.
    const { problems, text } = await indianNameProblems(pdf, (name) => `Cement ${name} 50 kg`);
    expect(problems, text).toEqual([]);
    // 'श्री' and 'ट्रेडर्स' are drawn shaped (a reph): their characters come back, the reph moved.
    expect(containsChars(text, 'श्री गणेश ट्रेडर्स (Shree Ganesh Traders)')).toBe(true);
    expect(text).toContain('(Shree Ganesh Traders)');
    expect(containsChars(text, 'ਪੰਜਾਬ ਸਟੀਲ ਮਾਰਕੀਟ, Ludhiana')).toBe(true);
    expect(containsChars(text, 'க்ஷேத்ர சைட் 4, Chennai')).toBe(true);
    // Only the emoji, which no font here draws, is a '?'.
    expect(text).toContain('Price in Rs. incl. freight ?');
    expect(text.split('?').length - 1).toBe(1);
    expect(text).toContain(formatPaise(poTotals(doc).grandTotalPaise, 'Rs. '));
  });

  it('wraps a long Indian name inside its cell, between words, every word drawn', async () => {
    const long = 'लक्ष्मण स्टील '.repeat(15);
    const doc = poDocument({
      lines: [{ itemName: long, unit: 'bag', quantityHundredths: 100, pricePaise: 100, gstPaise: 0 }],
    });
    const pdf = await renderPoPdf(doc);
    const text = await pdfToText(pdf);
    // Wrapped over several lines between words, every word drawn.
    expect(withoutSpaces(text).split('लक्ष्मणस्टील').length - 1).toBe(15);
    expect(readPdf(pdf).pages).toBe(1);
  });

  it('survives awkward input: no lines, no terms, no GSTIN, huge words and amounts', async () => {
    const empty = readPdf(
      await renderPoPdf(poDocument({ lines: [], terms: [], fleet: { amountPaise: 0, gstPaise: 0 } }, '')),
    );
    expect(empty.pages).toBe(1);
    expect(empty.text).toContain('GSTIN: Not registered');
    expect(empty.text).toContain('Rupees Zero Only');
    expect(empty.text).not.toContain('Terms and conditions');

    const awkward = poDocument({
      lines: [
        {
          itemName: 'X'.repeat(5000),
          unit: 'u'.repeat(100),
          quantityHundredths: 10_000_000,
          pricePaise: 10_000_000_00,
          gstPaise: 2_800_000_00,
        },
        { itemName: '', unit: '', quantityHundredths: 1, pricePaise: 1, gstPaise: 1 },
      ],
      terms: [
        'y'.repeat(20_000),
        ...Array.from({ length: 80 }, (_, i) => `Term ${i + 1} with some words in it to wrap over the line.`),
      ],
    });
    awkward.company.address = 'Line\n'.repeat(200);
    awkward.po.deliverySite = 'Z'.repeat(3000);
    const { pages, text } = readPdf(await renderPoPdf(awkward));
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain(formatPaise(poTotals(awkward).grandTotalPaise, 'Rs. '));
    expect(text).toContain('81. Term 80 with some words');
  });
});
