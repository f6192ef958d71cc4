import { describe, expect, it } from 'vitest';
import {
  amountInWords,
  amountTooLarge,
  formatPaise,
  fromHundredths,
  fromPaise,
  gstFromRate,
  gstinStateCode,
  gstSplit,
  hasAtMostTwoDecimals,
  lineAmount,
  MAX_PAISE,
  MAX_RUPEES,
  MAX_RUPEES_TEXT,
  sameGstState,
  sumPaise,
  toHundredths,
  toPaise,
  tryToPaise,
  tryUnitTotal,
  unitTotal,
} from './money.js';

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

describe('amounts with Indian digit grouping', () => {
  it('groups the last three digits, then pairs, with two decimals from the integer paise', () => {
    expect(formatPaise(12345678)).toBe('₹1,23,456.78');
    expect(formatPaise(0)).toBe('₹0.00');
    expect(formatPaise(5)).toBe('₹0.05');
    expect(formatPaise(99999)).toBe('₹999.99');
    expect(formatPaise(100000)).toBe('₹1,000.00');
    expect(formatPaise(MAX_PAISE)).toBe(MAX_RUPEES_TEXT);
    expect(formatPaise(-123456)).toBe('-₹1,234.56');
    expect(formatPaise(12345678, 'Rs. ')).toBe('Rs. 1,23,456.78');
  });

  it('refuses amounts that are not whole paise', () => {
    expect(() => formatPaise(1.5)).toThrow(RangeError);
    expect(() => formatPaise(Number.NaN)).toThrow(RangeError);
  });
});

describe('amounts in words', () => {
  it('says rupees and paise with the Indian scale and hyphenated tens', () => {
    expect(amountInWords(12345678)).toBe(
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only',
    );
    expect(amountInWords(100)).toBe('Rupees One Only');
    expect(amountInWords(2100)).toBe('Rupees Twenty-One Only');
    expect(amountInWords(9900)).toBe('Rupees Ninety-Nine Only');
    expect(amountInWords(1000)).toBe('Rupees Ten Only');
    expect(amountInWords(1900)).toBe('Rupees Nineteen Only');
    expect(amountInWords(10500)).toBe('Rupees One Hundred Five Only');
    expect(amountInWords(100000)).toBe('Rupees One Thousand Only');
    expect(amountInWords(10000000)).toBe('Rupees One Lakh Only');
    expect(amountInWords(1000000000)).toBe('Rupees One Crore Only');
    expect(amountInWords(1234567890)).toBe(
      'Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety Paise Only',
    );
    expect(amountInWords(9_99_99_999_99)).toBe(
      'Rupees Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
    );
  });

  it('says zero, a paisa and amounts below a rupee', () => {
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(50)).toBe('Fifty Paise Only');
    expect(amountInWords(1)).toBe('One Paisa Only');
    expect(amountInWords(101)).toBe('Rupees One and One Paisa Only');
    expect(amountInWords(1005)).toBe('Rupees Ten and Five Paise Only');
  });

  it('goes up to the largest amount a field accepts, and beyond it for totals', () => {
    expect(amountInWords(MAX_PAISE)).toBe('Rupees Ten Crore Only');
    expect(amountInWords(MAX_PAISE + 1)).toBe('Rupees Ten Crore and One Paisa Only');
    expect(amountInWords(1234_00000_00_00)).toBe('Rupees One Thousand Two Hundred Thirty-Four Crore Only');
    expect(amountInWords(Number.MAX_SAFE_INTEGER)).toMatch(/^Rupees .+ Crore .+ and Ninety-One Paise Only$/);
  });

  it('refuses negative and fractional amounts', () => {
    expect(() => amountInWords(-1)).toThrow(Error);
    expect(() => amountInWords(1.5)).toThrow(Error);
    expect(() => amountInWords(Number.NaN)).toThrow(Error);
  });
});

describe('GST split', () => {
  it('halves GST into CGST and SGST within a state, the odd paisa to CGST', () => {
    expect(gstSplit(1800, true)).toEqual({ cgstPaise: 900, sgstPaise: 900, igstPaise: 0 });
    expect(gstSplit(1123, true)).toEqual({ cgstPaise: 562, sgstPaise: 561, igstPaise: 0 });
    expect(gstSplit(1, true)).toEqual({ cgstPaise: 1, sgstPaise: 0, igstPaise: 0 });
    expect(gstSplit(0, true)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
    expect(gstSplit(-5, true)).toEqual({ cgstPaise: -3, sgstPaise: -2, igstPaise: 0 });
  });

  it('keeps cgst + sgst equal to the GST exactly', () => {
    for (const gst of [0, 1, 2, 3, 99, 101, 12345, 2 * MAX_PAISE + 1]) {
      const { cgstPaise, sgstPaise } = gstSplit(gst, true);
      expect(cgstPaise + sgstPaise).toBe(gst);
      expect(cgstPaise - sgstPaise === 0 || cgstPaise - sgstPaise === 1).toBe(true);
    }
  });

  it('puts all GST in IGST between states', () => {
    expect(gstSplit(1123, false)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 1123 });
    expect(gstSplit(0, false)).toEqual({ cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
  });

  it('refuses GST that is not whole paise', () => {
    expect(() => gstSplit(1.5, true)).toThrow(RangeError);
  });
});

describe('GSTIN state codes', () => {
  it('reads the state code of a 15-character GSTIN', () => {
    expect(gstinStateCode('27AAPFU0939F1ZV')).toBe('27');
    expect(gstinStateCode(' 29AAPFU0939F1ZV ')).toBe('29');
    expect(gstinStateCode('01AAPFU0939F1ZV')).toBe('01');
    expect(gstinStateCode('38AAPFU0939F1ZV')).toBe('38');
    expect(gstinStateCode('97AAPFU0939F1ZV')).toBe('97');
    expect(gstinStateCode('99AAPFU0939F1ZV')).toBe('99');
  });

  it('is null for an unknown code or a malformed GSTIN', () => {
    expect(gstinStateCode('00AAPFU0939F1ZV')).toBeNull();
    expect(gstinStateCode('39AAPFU0939F1ZV')).toBeNull();
    expect(gstinStateCode('98AAPFU0939F1ZV')).toBeNull();
    expect(gstinStateCode('2AAAPFU0939F1ZV')).toBeNull();
    expect(gstinStateCode('27AAPFU0939F1Z')).toBeNull();
    expect(gstinStateCode('')).toBeNull();
  });

  it('calls two GSTINs the same state only when both codes are known and equal', () => {
    expect(sameGstState('27AAPFU0939F1ZV', '27AABCU9603R1ZM')).toBe(true);
    expect(sameGstState('27AAPFU0939F1ZV', '29AABCU9603R1ZM')).toBe(false);
    expect(sameGstState('', '')).toBe(false);
    expect(sameGstState('00AAPFU0939F1ZV', '00AABCU9603R1ZM')).toBe(false);
    expect(sameGstState('27AAPFU0939F1ZV', '')).toBe(false);
  });
});
