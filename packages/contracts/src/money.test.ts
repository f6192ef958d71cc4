import { describe, expect, it } from 'vitest';
import { amountTooLarge, fromHundredths, fromPaise, gstFromRate, hasAtMostTwoDecimals, lineAmount, MAX_PAISE, MAX_RUPEES, MAX_RUPEES_TEXT, sumPaise, toHundredths, toPaise, tryToPaise, tryUnitTotal, unitTotal } from './money.js';

describe('money in paise', () => {
  it('converts rupees with two decimals to exact paise, without float drift', () => {
    expect(toPaise(380)).toBe(38000);
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(1.005)).toBe(101);
    expect(toPaise(62.35)).toBe(6235);
    expect(toPaise(-12.5)).toBe(-1250);
    expect(fromPaise(38000)).toBe(380);
    expect(fromPaise(6235)).toBe(62.35);
  });

  it('refuses amounts that are not finite numbers', () => {
    expect(() => toPaise(Number.NaN)).toThrow(RangeError);
    expect(() => toPaise(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => fromPaise(1.5)).toThrow(RangeError);
  });

  it('values a line as unit price times quantity, rounded half up to the paisa', () => {
    // 12.5 bags of cement at Rs 380.00
    expect(lineAmount(38000, toHundredths(12.5))).toBe(475000);
    // 0.33 kg at Rs 0.05 = 1.65 paise -> 2 paise
    expect(lineAmount(5, 33)).toBe(2);
    expect(lineAmount(5, 31)).toBe(2);
    expect(lineAmount(5, 29)).toBe(1);
  });

  it('multiplies large amounts exactly (crore-rupee prices, lakh quantities)', () => {
    expect(lineAmount(10_000_000_00, toHundredths(100_000))).toBe(10_000_000_00 * 100_000);
  });

  it('adds GST per unit to the price for the unit total', () => {
    expect(unitTotal(38000, 10640)).toBe(48640);
    expect(gstFromRate(38000, 2800)).toBe(10640);
    expect(gstFromRate(6235, 1800)).toBe(1122);
    expect(sumPaise([1, 2, 3])).toBe(6);
  });

  it('keeps quantities in hundredths', () => {
    expect(toHundredths(0.01)).toBe(1);
    expect(toHundredths(2.675)).toBe(268);
    expect(fromHundredths(1250)).toBe(12.5);
    expect(hasAtMostTwoDecimals(12.34)).toBe(true);
    expect(hasAtMostTwoDecimals(12.345)).toBe(false);
  });
});

describe('the largest amount a rupee field accepts', () => {
  it('fits integer paise safely, with room for a price plus its GST', () => {
    expect(MAX_PAISE).toBe(toPaise(MAX_RUPEES));
    expect(Number.isSafeInteger(MAX_PAISE * 2)).toBe(true);
    expect(MAX_RUPEES_TEXT).toBe('₹10,00,00,000.00');
    expect(amountTooLarge('Price')).toBe('Price cannot be more than ₹10,00,00,000.00');
  });

  it('converts amounts beyond it (a 14-digit price) to null instead of throwing', () => {
    expect(tryToPaise(99_999_999_999_999)).toBeNull();
    expect(tryToPaise(MAX_RUPEES + 0.01)).toBeNull();
    expect(tryToPaise(MAX_RUPEES)).toBe(MAX_PAISE);
    expect(tryToPaise(Number.NaN)).toBeNull();
    expect(tryToPaise(62.35)).toBe(6235);
    expect(tryUnitTotal(99_999_999_999_999, 99_999_999_999_999)).toBeNull();
    expect(tryUnitTotal(5200, 936)).toBe(6136);
    expect(tryUnitTotal(MAX_RUPEES, MAX_RUPEES)).toBe(2 * MAX_RUPEES);
  });
});
