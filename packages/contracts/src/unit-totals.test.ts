import { describe, expect, it } from 'vitest';
import { quantitiesByUnit } from './unit-totals.js';

describe('quantitiesByUnit', () => {
  it('never adds bags, CBM and kg together: one total per unit, in the order units first appear', () => {
    expect(
      quantitiesByUnit([
        { unit: 'bags', quantity: 10_000 },
        { unit: 'kg', quantity: 250_050 },
        { unit: 'CBM', quantity: 1_225 },
        { unit: 'bags', quantity: 5_050 },
      ]),
    ).toEqual([
      { unit: 'bags', quantity: 15_050 },
      { unit: 'kg', quantity: 250_050 },
      { unit: 'CBM', quantity: 1_225 },
    ]);
  });

  it('gives nothing for no lines, and keeps differently written units apart', () => {
    expect(quantitiesByUnit([])).toEqual([]);
    expect(
      quantitiesByUnit([
        { unit: 'bags', quantity: 1 },
        { unit: 'Bags', quantity: 2 },
      ]),
    ).toHaveLength(2);
  });

  it('refuses a quantity that is not whole hundredths', () => {
    expect(() => quantitiesByUnit([{ unit: 'kg', quantity: 0.5 }])).toThrow(RangeError);
  });
});
