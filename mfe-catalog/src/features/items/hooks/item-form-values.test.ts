import { describe, expect, it } from 'vitest';
import { CONFLICT_ADVICE, conflictKind, emptyItemValues, emptyVendorRow, rowProblems, rowTotal, validateItem, valuesToBody, type ItemFormValues } from './item-form-values';

const vendor = { _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', name: 'Konkan Cement Depot', vendorId: 'VEN-0001', status: 'active' as const };
const withRow = (patch: Partial<ReturnType<typeof emptyVendorRow>>): ItemFormValues => ({
  ...emptyItemValues(),
  name: 'Ready mix concrete M30',
  unit: 'CBM',
  vendors: [{ ...emptyVendorRow(), vendor, ...patch }],
});

describe('a price of 14 digits on the item form', () => {
  it('never throws while the total is worked out (it is computed during render)', () => {
    expect(() => rowTotal({ price: '99999999999999', gst: '99999999999999' })).not.toThrow();
    expect(rowTotal({ price: '99999999999999', gst: '0' })).toBeNull();
    expect(rowTotal({ price: '12345678901234', gst: '' })).toBeNull();
    expect(rowTotal({ price: '5200', gst: '936' })).toBe(6136);
    expect(rowTotal({ price: '100000000', gst: '100000000' })).toBe(200_000_000);
  });

  it('gets a validation message next to the field and before saving, in the service’s words', () => {
    expect(rowProblems({ price: '99999999999999', gst: '0', moq: '' })).toEqual({ price: 'Price cannot be more than ₹10,00,00,000.00' });
    expect(rowProblems({ price: '5200', gst: '12345678901234', moq: '12345678901234' })).toEqual({
      gst: 'GST cannot be more than ₹10,00,00,000.00',
      moq: 'MOQ cannot be more than 1,00,00,000',
    });
    expect(rowProblems({ price: '100000000', gst: '0', moq: '10000000' })).toEqual({});
    expect(validateItem(withRow({ price: '99999999999999' }))).toBe('Vendor Konkan Cement Depot: Price cannot be more than ₹10,00,00,000.00');
    expect(validateItem(withRow({ price: '5200', gst: '99999999999999' }))).toBe('Vendor Konkan Cement Depot: GST cannot be more than ₹10,00,00,000.00');
    expect(validateItem(withRow({ price: '5200', moq: '99999999999999' }))).toBe('Vendor Konkan Cement Depot: MOQ cannot be more than 1,00,00,000');
    expect(validateItem(withRow({ price: '100000000', gst: '18000000' }))).toBeNull();
  });

  it('sends amounts within the maximum as exact rupees', () => {
    expect(valuesToBody(withRow({ price: '100000000', gst: '0.1', moq: '' })).vendors[0]).toMatchObject({ price: 100_000_000, gst: 0.1, moq: 0 });
  });
});

describe('a 409 when saving an item', () => {
  const STALE = 'This item was changed by someone else. Reload to see the latest details, then make your change again.';
  it('on a new item is the name being taken, and speaks of choosing another name, not of reloading', () => {
    expect(conflictKind('An item with this name already exists', false)).toBe('name');
    expect(CONFLICT_ADVICE[conflictKind('An item with this name already exists', false)]).not.toMatch(/reload|another tab/i);
    expect(CONFLICT_ADVICE.name).toMatch(/choose a different name/);
  });

  it('keeps the reload wording for a real stale save of an existing item', () => {
    expect(conflictKind(STALE, true)).toBe('stale');
    expect(CONFLICT_ADVICE.stale).toMatch(/reload the item in another tab/);
    expect(conflictKind('An item with this name already exists', true)).toBe('name');
  });
});
