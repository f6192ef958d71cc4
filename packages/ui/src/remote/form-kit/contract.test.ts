import { CreateItemBody } from '@erp/contracts';
import { describe, expect, it } from 'vitest';
import { formContract, schemaProblems } from './contract';

const VENDOR_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const row = (patch: Record<string, unknown> = {}) => ({
  vendor: VENDOR_ID,
  price: 5200,
  gst: 936,
  moq: 0,
  status: 'active',
  notes: '',
  ...patch,
});
const item = (rows: unknown[]) => ({ name: 'Ready mix concrete M30', unit: 'CBM', vendors: rows });

describe('schemaProblems on the contracts’ schemas, in the words the service answers with', () => {
  it('takes the errorMessage of the schema that failed (the allOf maximum has its own)', () => {
    expect(schemaProblems(CreateItemBody, item([row({ price: 99_999_999_999_999 })]))).toEqual([
      { field: 'vendors.0.price', message: 'Price cannot be more than ₹10,00,00,000.00' },
    ]);
    expect(schemaProblems(CreateItemBody, item([row({ vendor: '' }), row({ gst: 100_000_000.01 })]))).toEqual(
      [
        { field: 'vendors.0.vendor', message: 'Choose a vendor for every price row' },
        { field: 'vendors.1.gst', message: 'GST cannot be more than ₹10,00,00,000.00' },
      ],
    );
  });

  it('sees the body as JSON, as the service does: an amount that is not a number arrives as null', () => {
    expect(schemaProblems(CreateItemBody, item([row({ price: Number.NaN })]))).toEqual([
      { field: 'vendors.0.price', message: 'Price must be greater than 0' },
    ]);
  });

  it('checks two decimals with the services’ precision, not refusing 14.04 or 92374 as plain floating point does', () => {
    for (const price of [14.04, 92_374, 30_122_997.91, 46_667_771.45, 100_000_000])
      expect(schemaProblems(CreateItemBody, item([row({ price })]))).toEqual([]);
    expect(schemaProblems(CreateItemBody, item([row({ price: 10.001 })]))).toEqual([
      { field: 'vendors.0.price', message: 'Price must be greater than 0' },
    ]);
  });

  it('words a failure without an errorMessage as service-kit does', () => {
    expect(schemaProblems(CreateItemBody, { ...item([]), extra: 1 })).toEqual([
      { field: '', message: 'Unknown field: extra' },
    ]);
    expect(schemaProblems(CreateItemBody, { name: 'x'.repeat(201), unit: 'bags' })).toEqual([
      { field: 'name', message: 'name must NOT have more than 200 characters' },
    ]);
  });
});

// The vendor and member schemas, and the same bodies through the services' own validation: test/form-contract-parity.test.ts.

describe('formContract: the form’s rules and the schema in one check', () => {
  interface Values {
    name: string;
    rows: Array<{ vendor: string; price: string }>;
  }
  const contract = formContract<Values, unknown>({
    schema: CreateItemBody,
    toBody: (v) => ({
      name: v.name.trim(),
      unit: 'bags',
      vendors: v.rows
        .filter((r) => r.vendor !== 'skip')
        .map((r) => row({ vendor: r.vendor, price: Number(r.price) })),
    }),
    // Body rows are the form's rows without the skipped ones.
    fieldOf: (path, v) =>
      path
        .replace(
          /^vendors\.(\d+)\.vendor/,
          (_m, i: string) =>
            `rows.${v.rows.map((r, k) => [r, k] as const).filter(([r]) => r.vendor !== 'skip')[Number(i)]![1]}.vendor`,
        )
        .replace(/^vendors\./, 'rows.'),
    rules: (v) => [
      ...(v.name.trim() ? [] : [{ field: 'name', message: 'Item name is required' }]),
      ...v.rows.flatMap((r, i) =>
        Number(r.price) === 0 ? [{ field: `rows.${i}.price`, message: 'Price must be greater than 0' }] : [],
      ),
    ],
  });

  it('lists one problem per field, in the order of the fields on the form, the rule’s words first', () => {
    const values: Values = {
      name: ' ',
      rows: [
        { vendor: 'skip', price: '1' },
        { vendor: '', price: '0' },
      ],
    };
    expect(contract.problems(values)).toEqual([
      { field: 'name', message: 'Item name is required' },
      { field: 'rows.1.vendor', message: 'Choose a vendor for every price row' },
      { field: 'rows.1.price', message: 'Price must be greater than 0' },
    ]);
  });

  it('gives react-hook-form nested errors, or the values when there is nothing to say', async () => {
    const options = { fields: {}, shouldUseNativeValidation: false } as Parameters<
      typeof contract.resolver
    >[2];
    const bad = await contract.resolver({ name: '', rows: [] }, undefined, options);
    expect(bad.errors).toMatchObject({ name: { type: 'contract', message: 'Item name is required' } });
    const good = await contract.resolver(
      { name: 'Cement', rows: [{ vendor: VENDOR_ID, price: '410.5' }] },
      undefined,
      options,
    );
    expect(good).toEqual({
      values: { name: 'Cement', rows: [{ vendor: VENDOR_ID, price: '410.5' }] },
      errors: {},
    });
  });
});
