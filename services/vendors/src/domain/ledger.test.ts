import { describe, expect, it } from 'vitest';
import { BUCKET, effectOf, isUuid, posting } from './ledger.js';

const account = (last_seq: number, outstanding_paise: number) => ({ last_seq, outstanding_paise });

describe('posting to a vendor’s ledger', () => {
  it('adds a PO and approved overbilling to what is owed, takes payments and credit notes off it', () => {
    expect(effectOf('PO Add')).toBe(1);
    expect(effectOf('Overbill Approved')).toBe(1);
    expect(effectOf('Payment')).toBe(-1);
    expect(effectOf('Credit Note')).toBe(-1);
  });

  it('moves a reversal the opposite way of what it reverses, and refuses one without it', () => {
    expect(effectOf('Reversal', 'Payment')).toBe(1);
    expect(effectOf('Reversal', 'Credit Note')).toBe(1);
    expect(effectOf('Reversal', 'PO Add')).toBe(-1);
    expect(() => effectOf('Reversal')).toThrow('A reversal needs the type of the entry it reverses');
  });

  it('numbers the entry after the last and carries the balance on exactly, in paise', () => {
    const po = posting(account(0, 0), { type: 'PO Add', amountPaise: 1_000_000 });
    expect(po).toEqual({
      seq: 1,
      effect: 1,
      balance: 1_000_000,
      figure: 'ordered_paise',
      figureDelta: 1_000_000,
    });
    const paid = posting(account(1, 1_000_000), { type: 'Payment', amountPaise: 250_050 });
    expect(paid).toMatchObject({
      seq: 2,
      effect: -1,
      balance: 749_950,
      figure: 'paid_paise',
      figureDelta: 250_050,
    });
  });

  it('lets payments beyond what is owed make an advance (a negative balance)', () => {
    expect(posting(account(3, 50_000), { type: 'Payment', amountPaise: 80_000 }).balance).toBe(-30_000);
  });

  it('counts a reversal against the figure of what it reverses', () => {
    const reversal = posting(account(2, 749_950), {
      type: 'Reversal',
      amountPaise: 250_050,
      reverses: { id: 'x', type: 'Payment' },
    });
    expect(reversal).toEqual({
      seq: 3,
      effect: 1,
      balance: 1_000_000,
      figure: 'paid_paise',
      figureDelta: -250_050,
    });
    expect(BUCKET['Credit Note']).toBe('credit_notes_paise');
    expect(BUCKET['Overbill Approved']).toBe('overbill_approved_paise');
  });

  it('refuses an amount under a paisa or not whole, and a balance past a safe integer', () => {
    for (const amountPaise of [0, -100, 10.5, Number.NaN])
      expect(() => posting(account(0, 0), { type: 'PO Add', amountPaise })).toThrow(RangeError);
    expect(() =>
      posting(account(1, Number.MAX_SAFE_INTEGER - 10), { type: 'PO Add', amountPaise: 100 }),
    ).toThrow('The balance would not be a safe integer');
  });

  it('takes a uuid in any case, nothing missing', () => {
    expect(isUuid('6F9619FF-8B86-D011-B42D-00C04FC964FF')).toBe(true);
    expect(isUuid(null)).toBe(false);
    expect(isUuid(undefined)).toBe(false);
    expect(isUuid('VEN-0001')).toBe(false);
  });
});
