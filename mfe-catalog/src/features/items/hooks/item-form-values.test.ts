import { describe, expect, it } from 'vitest';
import {
  emptyItemValues,
  emptyVendorRow,
  itemContract,
  itemProblemToast,
  itemToValues,
  rowProblems,
  rowTotal,
  valuesToBody,
  type ItemFormValues,
} from './item-form-values';

/** What Save & Close says first: the toast's title, as SPEC §5 words it. */
const firstToast = (values: ItemFormValues) => {
  const [first] = itemContract.create.problems(values);
  return first ? itemProblemToast(first, values).title : null;
};

const vendor = {
  _id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  name: 'Konkan Cement Depot',
  vendorId: 'VEN-0001',
  status: 'active' as const,
};
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
    expect(rowProblems({ price: '99999999999999', gst: '0', moq: '' })).toEqual({
      price: 'Price cannot be more than ₹10,00,00,000.00',
    });
    expect(rowProblems({ price: '5200', gst: '12345678901234', moq: '12345678901234' })).toEqual({
      gst: 'GST cannot be more than ₹10,00,00,000.00',
      moq: 'MOQ cannot be more than 1,00,00,000',
    });
    expect(rowProblems({ price: '100000000', gst: '0', moq: '10000000' })).toEqual({});
    expect(firstToast(withRow({ price: '99999999999999' }))).toBe(
      'Validation Error: Vendor Konkan Cement Depot: Price cannot be more than ₹10,00,00,000.00',
    );
    expect(firstToast(withRow({ price: '5200', gst: '99999999999999' }))).toBe(
      'Validation Error: Vendor Konkan Cement Depot: GST cannot be more than ₹10,00,00,000.00',
    );
    expect(firstToast(withRow({ price: '5200', moq: '99999999999999' }))).toBe(
      'Validation Error: Vendor Konkan Cement Depot: MOQ cannot be more than 1,00,00,000',
    );
    expect(firstToast(withRow({ price: '100000000', gst: '18000000' }))).toBeNull();
  });

  it('sends amounts within the maximum as exact rupees', () => {
    expect(valuesToBody(withRow({ price: '100000000', gst: '0.1', moq: '' })).vendors[0]).toMatchObject({
      price: 100_000_000,
      gst: 0.1,
      moq: 0,
    });
  });
});

const PRICE_ID = 'a3bb189e-8bf9-3888-9912-ace4e6543002';

describe('the spec’s item save messages (SPEC §5), one check for the form and the catalog service', () => {
  it('asks for the name, then the unit, then a vendor on each row and a price above 0', () => {
    expect(firstToast(emptyItemValues())).toBe('Validation Error: Item name is required');
    expect(firstToast({ ...emptyItemValues(), name: 'Cement' })).toBe('Validation Error: Unit is required');
    expect(firstToast(withRow({ price: '0' }))).toBe(
      'Validation Error: Vendor Konkan Cement Depot: Price must be greater than 0',
    );
    expect(firstToast(withRow({ price: '' }))).toBe(
      'Validation Error: Vendor Konkan Cement Depot: Price must be greater than 0',
    );
    expect(firstToast(withRow({ vendor: null, price: '410' }))).toBe(
      'Validation Error: Choose a vendor for every price row',
    );
  });

  it('refuses the same vendor twice, on the second row', () => {
    const values = withRow({ price: '410' });
    const twice = { ...values, vendors: [...values.vendors, { ...emptyVendorRow(), vendor, price: '420' }] };
    expect(itemContract.create.problems(twice)).toEqual([
      { field: 'vendors.1.vendor', message: 'Duplicate vendors are not allowed' },
    ]);
    expect(firstToast(twice)).toBe('Validation Error: Duplicate vendors are not allowed');
  });

  it('leaves blank new rows and removed rows out, and marks the right row', () => {
    const values = withRow({ price: '410' });
    const rows = [
      { ...emptyVendorRow() },
      ...values.vendors,
      {
        ...emptyVendorRow(),
        vendor: { ...vendor, _id: '3f2b6a1e-9d7c-4e8b-a5f4-2c1d0e9b8a7f', name: 'Shree Ganesh' },
        price: '99999999999999',
      },
    ];
    expect(valuesToBody({ ...values, vendors: rows }).vendors).toHaveLength(2);
    expect(itemContract.create.problems({ ...values, vendors: rows })).toEqual([
      { field: 'vendors.2.price', message: 'Price cannot be more than ₹10,00,00,000.00' },
    ]);
  });

  it('maps an item to the form and back without a change', () => {
    const item = {
      _id: 'a1',
      name: 'Cement OPC 53',
      unit: 'bags',
      version: 3,
      vendors: [
        {
          _id: PRICE_ID,
          vendor: { _id: vendor._id, name: vendor.name, vendorId: 'VEN-0001', status: 'active' },
          price: 410.5,
          gst: 73.89,
          moq: 0,
          status: 'active',
          notes: '',
        },
      ],
    } as unknown as Parameters<typeof itemToValues>[0];
    expect(valuesToBody(itemToValues(item))).toEqual({
      name: 'Cement OPC 53',
      unit: 'bags',
      vendors: [
        { _id: PRICE_ID, vendor: vendor._id, price: 410.5, gst: 73.89, moq: 0, status: 'active', notes: '' },
      ],
    });
    expect(itemContract.update.problems(itemToValues(item))).toEqual([]);
  });
});
