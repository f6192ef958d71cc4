import { describe, expect, it } from 'vitest';
import { dayText, entriesText, statementFileName, statementLine, statementTotals } from './statement.js';

const line = (effectPaise: number, seq: number) => ({
  date: '2026-04-10',
  seq,
  type: effectPaise > 0 ? ('PO Add' as const) : ('Payment' as const),
  reference: `R${seq}`,
  details: '',
  effectPaise,
});

describe('a statement of account', () => {
  it('runs the balance on from the opening one, credits adding to what is owed and debits lowering it', () => {
    const t = statementTotals({
      openingPaise: 10_000,
      lines: [line(50_000, 3), line(-20_050, 4), line(-45_000, 5)],
    });
    expect(t.rows.map((r) => [r.creditPaise, r.debitPaise, r.balancePaise])).toEqual([
      [50_000, 0, 60_000],
      [0, 20_050, 39_950],
      [0, 45_000, -5_050],
    ]);
    expect(t).toMatchObject({
      openingPaise: 10_000,
      creditPaise: 50_000,
      debitPaise: 65_050,
      closingPaise: -5_050,
    });
  });

  it('closes at the opening balance when the period has no entries', () => {
    expect(statementTotals({ openingPaise: 123, lines: [] })).toEqual({
      openingPaise: 123,
      creditPaise: 0,
      debitPaise: 0,
      closingPaise: 123,
      rows: [],
    });
  });

  it('reads an entry as a line: method, reason and notes as details, amount times effect', () => {
    expect(
      statementLine({
        date: '2026-04-11',
        seq: '7',
        type: 'Payment',
        reference: 'UTR9',
        method: 'NEFT',
        reason: null,
        notes: ' ',
        amount_paise: '150000',
        effect: -1,
      }),
    ).toEqual({
      date: '2026-04-11',
      seq: 7,
      type: 'Payment',
      reference: 'UTR9',
      details: 'NEFT',
      effectPaise: -150_000,
    });
    expect(
      statementLine({
        date: '2026-04-11',
        seq: 8,
        type: 'Credit Note',
        reference: 'CN-1',
        method: null,
        reason: 'Discount',
        notes: 'April rates',
        amount_paise: 500,
        effect: -1,
      }).details,
    ).toBe('Discount · April rates');
  });

  it('names its file by the vendor’s display id and the period, with only safe characters', () => {
    expect(statementFileName('VEN-0001', '2026-04-01', '2026-06-30', 'pdf')).toBe(
      'Statement-VEN-0001-2026-04-01-2026-06-30.pdf',
    );
    expect(statementFileName('VEN/0001"', '2026-04-01', '2026-04-30', 'xlsx')).toBe(
      'Statement-VEN0001-2026-04-01-2026-04-30.xlsx',
    );
    expect(statementFileName('"/', '2026-04-01', '2026-04-30', 'pdf')).toBe(
      'Statement-vendor-2026-04-01-2026-04-30.pdf',
    );
  });

  it('writes days and counts as people read them', () => {
    expect(dayText('2026-04-01')).toBe('01 Apr 2026');
    expect(dayText('2026-12-31')).toBe('31 Dec 2026');
    expect(entriesText(1)).toBe('1 entry');
    expect(entriesText(0)).toBe('0 entries');
    expect(entriesText(12)).toBe('12 entries');
  });
});
