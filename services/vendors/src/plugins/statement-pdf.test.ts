import { describe, expect, it } from 'vitest';
import { containsChars, INDIAN_NAMES, indianNameProblems } from '@erp/service-kit/testing';
import { pdfText, statementPdf, type StatementInput } from './statement-pdf.js';

function statement(over: Partial<StatementInput> = {}): StatementInput {
  return {
    company: {
      name: 'Shree Ganesh Constructions Pvt Ltd',
      address: 'Plot 14, MIDC Bhosari, Pune 411026',
      gstin: '27AAPFU0939F1ZV',
    },
    vendor: {
      vendorId: 'VEN-0007',
      name: 'श्री लक्ष्मण ट्रेडर्स (Laxman Traders)',
      address: 'ਪੰਜਾਬ ਸਟੀਲ ਮਾਰਕੀਟ, Ludhiana',
      gstin: '03AABCU9603R1ZM',
    },
    from: '2026-01-01',
    to: '2026-01-31',
    openingPaise: 0,
    lines: INDIAN_NAMES.map((n, i) => ({
      date: '2026-01-10',
      seq: i + 1,
      type: 'PO Add' as const,
      reference: `PO-00000${i + 1}`,
      details: `${n.name} 50 kg`,
      effectPaise: 100_00 * (i + 1),
    })),
    at: new Date('2026-02-01T10:00:00Z'),
    ...over,
  };
}

describe('the statement PDF', () => {
  it('prints names in the seven Indian scripts with their fonts embedded, readable back; what no font has as ?', async () => {
    const pdf = await statementPdf(
      statement({ company: { name: 'Shree Ganesh 🏗 Constructions', address: 'Pune', gstin: '' } }),
    );
    const { problems, text } = await indianNameProblems(pdf, (name) => `${name} 50 kg`);
    expect(problems, text).toEqual([]);
    expect(containsChars(text, 'श्री लक्ष्मण ट्रेडर्स (Laxman Traders)')).toBe(true);
    expect(text).toContain('ਪੰਜਾਬ ਸਟੀਲ ਮਾਰਕੀਟ, Ludhiana');
    // Only the emoji, which no font here draws, is a '?'.
    expect(text).toContain('Shree Ganesh ? Constructions');
    expect(text.split('?').length - 1).toBe(1);
  });

  it('keeps the Indian scripts in its text and writes what no font draws as ?', () => {
    expect(pdfText('सीमेंट ₹50\nਪੰਜਾਬ 水')).toBe('सीमेंट Rs.50 ਪੰਜਾਬ ?');
  });
});
