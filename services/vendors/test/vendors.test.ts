import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessForFile } from '@erp/service-kit/testing';
import type { Vendor, VendorUpsertedData } from '@erp/contracts';
import { newVendor, startVendors, uniqueWord, type VendorsHarness } from './helpers.js';

const h = harnessForFile(startVendors);

const MISSING = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

async function create(over: Record<string, unknown> = {}): Promise<Vendor> {
  const res = await h.call('purchaser', 'POST', '/vendors', newVendor(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().vendor as Vendor;
}

describe('creating a vendor', () => {
  it('stores the vendor with a VEN display id, lower-case status and who created it', async () => {
    const body = newVendor({
      status: 'Active',
      altPhoneNumber: '9123456780',
      altEmail: 'accounts@example.com',
    });
    const res = await h.call('purchaser', 'POST', '/vendors', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Vendor created successfully');
    const v = res.json().vendor as Vendor;
    expect(v).toMatchObject({
      name: body.name,
      contactPerson: 'Amit Kale',
      phoneNumber: '9876543210',
      altPhoneNumber: '9123456780',
      altEmail: 'accounts@example.com',
      gstin: '27AAPFU0939F1ZV',
      paymentTerms: 30,
      status: 'active',
      wallet: 0,
      totalItems: 0,
      totalPO: 0,
      openPO: 0,
      version: 1,
      createdBy: { _id: h.people.purchaser.memberId, name: 'Priya Kulkarni' },
    });
    expect(v.vendorId).toMatch(/^VEN-\d{4,}$/);
    expect((await h.call('purchaser', 'GET', `/vendors/details/${v._id}`)).json()).toEqual(v);
  });

  it('gives each new vendor the next display id', async () => {
    const a = await create();
    const b = await create();
    expect(Number(b.vendorId.slice(4))).toBe(Number(a.vendorId.slice(4)) + 1);
  });

  it('trims the fields, collapses spaces in names, upper-cases the GSTIN and defaults the status to active', async () => {
    const word = uniqueWord();
    const v = await create({
      name: `  Trimmed   Traders ${word} `,
      contactPerson: ' Amit  Kale ',
      gstin: ' 27aapfu0939f1zv ',
      status: undefined,
    });
    expect(v.name).toBe(`Trimmed Traders ${word}`);
    expect(v.contactPerson).toBe('Amit Kale');
    expect(v.gstin).toBe('27AAPFU0939F1ZV');
    expect(v.status).toBe('active');
  });

  it('accepts a vendor without GSTIN, alternate contacts or notes', async () => {
    const { gstin: _g, notes: _n, ...rest } = newVendor();
    const res = await h.call('purchaser', 'POST', '/vendors', rest);
    expect(res.statusCode).toBe(201);
    expect(res.json().vendor).toMatchObject({ gstin: '', notes: '', altPhoneNumber: '', altEmail: '' });
  });

  it.each([
    ['Blocked', 'blocked'],
    ['inActive', 'inactive'],
    ['Inactive', 'inactive'],
  ])('accepts the spec status variant %s as %s', async (status, stored) => {
    expect((await create({ status })).status).toBe(stored);
  });

  it.each([
    [{ name: '   ' }, 'Vendor name is required'],
    [
      { name: 'Ganesh <Traders>' },
      "Vendor name can contain letters, digits, spaces and . , & ' - / ( ) only",
    ],
    [{ name: ' & ' }, "Vendor name can contain letters, digits, spaces and . , & ' - / ( ) only"],
    [
      { contactPerson: 'Amit K2' },
      'Contact person can contain letters, spaces, full stops, apostrophes and hyphens only',
    ],
    [{ contactPerson: '   ' }, 'Contact person is required'],
    [{ phoneNumber: '98765' }, 'Enter a valid 10-digit phone number.'],
    [{ phoneNumber: '98765432101' }, 'Enter a valid 10-digit phone number.'],
    [
      { altPhoneNumber: '12345' },
      'Enter a valid 10-digit mobile number or a landline number with its STD code.',
    ],
    [
      { altPhoneNumber: '020-2567' },
      'Enter a valid 10-digit mobile number or a landline number with its STD code.',
    ],
    [
      { altPhoneNumber: 'ext 020 2567 8901' },
      'Enter a valid 10-digit mobile number or a landline number with its STD code.',
    ],
    [{ phoneNumber: '+91 98765 43210' }, 'Enter a valid 10-digit phone number.'],
    [{ email: 'amit@' }, 'Please enter a valid email address'],
    [{ altEmail: 'accounts' }, 'Please enter a valid email address'],
    [{ address: '  ' }, 'Vendor address cannot be empty.'],
    [{ paymentTerms: -1 }, 'Payment terms must be a valid number of days'],
    [{ paymentTerms: 7.5 }, 'Payment terms must be a valid number of days'],
    [{ paymentTerms: '30' }, 'Payment terms must be a valid number of days'],
    [{ gstin: '27AAPFU0939F1Z' }, 'Enter a valid 15-character GSTIN'],
    [{ gstin: 'ABCDEFGHIJKLMNO' }, 'Enter a valid 15-character GSTIN'],
    [{ status: 'sleeping' }, 'Status must be Active, Inactive or Blocked'],
    [{ rating: 5 }, 'Unknown field: rating'],
    [{ name: undefined }, 'name is required'],
    [{ name: 42 }, 'Vendor name is required'],
  ])('refuses %j with 400 and the spec message, storing nothing', async (over, message) => {
    const before = await h.countVendors();
    const res = await h.call('purchaser', 'POST', '/vendors', newVendor(over));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await h.countVendors()).toBe(before);
  });

  it('refuses a name another vendor has, ignoring case and surrounding spaces, with 409', async () => {
    const first = await create();
    const before = await h.countVendors();
    for (const name of [first.name, first.name.toUpperCase(), `  ${first.name.toLowerCase()}  `]) {
      const res = await h.call('purchaser', 'POST', '/vendors', newVendor({ name }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'A vendor with this name already exists' });
    }
    expect(await h.countVendors()).toBe(before);
  });

  it('refuses two saves of one name sent at the same time, keeping one', async () => {
    const name = `Racing Suppliers ${uniqueWord()}`;
    const results = await Promise.all(
      [1, 2, 3].map(() => h.call('purchaser', 'POST', '/vendors', newVendor({ name }))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('tells the other services about the new vendor, with what a printed PO shows of it', async () => {
    const seen: VendorUpsertedData[] = [];
    await h.bus.subscribe({
      durable: 'test-vendor-created',
      subjects: ['erp.vendors.vendor_updated.v1'],
      handler: async (e) => void seen.push(e.data as VendorUpsertedData),
    });
    const v = await create();
    await h.settle();
    await expect
      .poll(() => seen.find((s) => s.vendorId === v._id))
      .toEqual({
        vendorId: v._id,
        displayId: v.vendorId,
        name: v.name,
        status: 'active',
        version: 1,
        address: v.address,
        gstin: v.gstin,
        phoneNumber: v.phoneNumber,
        email: v.email,
      });
  });

  it('records the creation in the audit log', async () => {
    const v = await create();
    const r = await h.db.query<{ action: string; actor_id: string }>(
      'SELECT action, actor_id FROM vendors.audit_log WHERE entity_id = $1',
      [v._id],
    );
    expect(r.rows).toEqual([{ action: 'vendor_created', actor_id: h.people.purchaser.memberId }]);
  });

  it('is refused to a member without vendor create write (403) and to an anonymous caller (401)', async () => {
    const before = await h.countVendors();
    const acc = await h.call('accountant', 'POST', '/vendors', newVendor());
    expect(acc.statusCode).toBe(403);
    expect(acc.json()).toEqual({ message: 'You do not have write access to Create Vendor' });
    expect((await h.call('employee', 'POST', '/vendors', newVendor())).statusCode).toBe(403);
    expect((await h.call(null, 'POST', '/vendors', newVendor())).statusCode).toBe(401);
    expect(await h.countVendors()).toBe(before);
    expect((await h.call('admin', 'POST', '/vendors', newVendor())).statusCode).toBe(201);
  });
});

describe('names in Indian scripts and real business names, and landline alternate phones', () => {
  it.each([
    ['Om Sai Traders & Co.', 'R. K. Patil'],
    ['Shree Ganesh Pvt. Ltd.', "Anita D'Souza"],
    ['M/s. Patil-Deshmukh (Pune)', 'Sai-Kiran Rao'],
    ['श्री गणेश ट्रेडर्स', 'गणेश पवार'],
    ['ಶ್ರೀ ಸಾಯಿ', 'ಶ್ರೀ ಸಾಯಿ ಕುಮಾರ್'],
  ])('stores the vendor %s with contact %s exactly as written', async (name, contactPerson) => {
    const unique = `${name} ${uniqueWord()}`;
    const v = await create({ name: unique, contactPerson });
    expect(v.name).toBe(unique);
    expect(v.contactPerson).toBe(contactPerson);
  });

  it('finds such a vendor in the list by its name and its contact person', async () => {
    const word = uniqueWord();
    const v = await create({ name: `श्री गणेश ट्रेडर्स ${word}`, contactPerson: 'ಶ್ರೀ ಸಾಯಿ' });
    const ids = async (keyword: string) =>
      (await h.call('admin', 'GET', `/vendors/all?keyword=${encodeURIComponent(keyword)}&limit=100`))
        .json()
        .vendors.map((x: Vendor) => x._id);
    expect(await ids(`गणेश ट्रेडर्स ${word}`)).toEqual([v._id]);
    expect(await ids('ಶ್ರೀ ಸಾಯಿ')).toContain(v._id);
    const co = await create({ name: `Om Sai Traders & Co. ${word}` });
    expect(await ids(`traders & co. ${word}`)).toEqual([co._id]);
  });

  it.each([
    ['020-2567 8901', '02025678901'],
    ['022 2345 6789', '02223456789'],
    ['+91 20 2567 8901', '02025678901'],
    ['+91-98765 43210', '9876543210'],
    ['098765 43210', '9876543210'],
  ])('stores the alternate phone %s whole, as %s', async (altPhoneNumber, stored) => {
    const v = await create({ altPhoneNumber });
    expect(v.altPhoneNumber).toBe(stored);
    const again = await h.call('purchaser', 'PATCH', `/vendors/details/${v._id}`, {
      altPhoneNumber,
      version: v.version,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().vendor.altPhoneNumber).toBe(stored);
  });
});

describe('vendor list', () => {
  let word: string;
  const made: Vendor[] = [];
  beforeAll(async () => {
    word = uniqueWord();
    made.push(await create({ name: `Listed One ${word}`, contactPerson: 'Vikas Mane', status: 'active' }));
    made.push(await create({ name: `Listed Two ${word}`, phoneNumber: '9000012345', status: 'Inactive' }));
    made.push(
      await create({ name: `Listed Three ${word}`, email: 'special_100%@example.com', status: 'Blocked' }),
    );
  });

  it('answers vendors and totalVendor, and the same as result and total', async () => {
    const res = await h.call('accountant', 'GET', '/vendors/all');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.vendors).toHaveLength(10);
    expect(body.result).toEqual(body.vendors);
    expect(body.total).toBe(body.totalVendor);
    expect(body.totalVendor).toBe(await h.countVendors());
  });

  it('lists newest first', async () => {
    const body = (await h.call('admin', 'GET', `/vendors/all?keyword=${word}`)).json();
    expect(body.vendors.map((v: Vendor) => v._id)).toEqual([made[2]!._id, made[1]!._id, made[0]!._id]);
    expect(body.totalVendor).toBe(3);
  });

  it('searches name, display id, contact person, phone, email and GSTIN, ignoring case (keyword or Keyword)', async () => {
    const names = async (q: string) =>
      (await h.call('admin', 'GET', `/vendors/all?${q}`)).json().vendors.map((v: Vendor) => v.name);
    expect(await names(`keyword=listed%20one%20${word.toLowerCase()}`)).toEqual([made[0]!.name]);
    expect(await names(`Keyword=${made[1]!.vendorId}`)).toEqual([made[1]!.name]);
    expect(await names(`keyword=VIKAS%20mane`)).toContain(made[0]!.name);
    expect(await names(`keyword=9000012345`)).toEqual([made[1]!.name]);
    expect(await names(`keyword=SPECIAL_100%25`)).toEqual([made[2]!.name]);
    expect((await names(`keyword=27aapfu0939`)).length).toBeGreaterThan(3);
  });

  it('takes % and _ in a keyword literally', async () => {
    const ids = async (keyword: string) =>
      (await h.call('admin', 'GET', `/vendors/all?keyword=${encodeURIComponent(keyword)}`))
        .json()
        .vendors.map((v: Vendor) => v._id);
    expect(await ids('%')).toEqual([made[2]!._id]);
    expect(await ids('special%100')).toEqual([]);
    expect(await ids('special_100')).toEqual([made[2]!._id]);
    expect(await ids('specia__100')).toEqual([]);
    expect(
      (await h.call('admin', 'GET', '/vendors/all?keyword=_')).json().vendors.map((v: Vendor) => v._id),
    ).toEqual([made[2]!._id]);
  });

  it('filters by status in any of the spec cases, all meaning no filter', async () => {
    const statuses = async (status: string) =>
      (await h.call('admin', 'GET', `/vendors/all?keyword=${word}&status=${status}`))
        .json()
        .vendors.map((v: Vendor) => v.status);
    expect(await statuses('active')).toEqual(['active']);
    expect(await statuses('Active')).toEqual(['active']);
    expect(await statuses('inActive')).toEqual(['inactive']);
    expect(await statuses('Inactive')).toEqual(['inactive']);
    expect(await statuses('Blocked')).toEqual(['blocked']);
    expect(await statuses('all')).toHaveLength(3);
    expect(await statuses('')).toHaveLength(3);
  });

  it('pages with limit and offset', async () => {
    const page1 = (await h.call('admin', 'GET', `/vendors/all?keyword=${word}&limit=2&offset=0`)).json();
    const page2 = (await h.call('admin', 'GET', `/vendors/all?keyword=${word}&limit=2&offset=2`)).json();
    expect(page1.vendors.map((v: Vendor) => v._id)).toEqual([made[2]!._id, made[1]!._id]);
    expect(page2.vendors.map((v: Vendor) => v._id)).toEqual([made[0]!._id]);
    expect(page2.totalVendor).toBe(3);
    const beyond = (await h.call('admin', 'GET', `/vendors/all?keyword=${word}&limit=2&offset=50`)).json();
    expect(beyond).toEqual({ vendors: [], totalVendor: 3, result: [], total: 3 });
    expect((await h.call('admin', 'GET', '/vendors/all?limit=100')).statusCode).toBe(200);
  });

  it('refuses bad paging and an unknown status with 400', async () => {
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'offset=-1', 'status=gone']) {
      expect((await h.call('admin', 'GET', `/vendors/all?${q}`)).statusCode, q).toBe(400);
    }
    expect((await h.call('admin', 'GET', '/vendors/all?status=gone')).json()).toEqual({
      message: 'Status must be all, active, inactive or blocked',
    });
  });

  it('refuses a search word with a NUL character with 400 (the database cannot store one)', async () => {
    const res = await h.call('admin', 'GET', '/vendors/all?keyword=a%00b');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'keyword contains a character that is not allowed' });
  });

  it('is refused to a member without vendor list read (403) and to an anonymous caller (401)', async () => {
    const emp = await h.call('employee', 'GET', '/vendors/all');
    expect(emp.statusCode).toBe(403);
    expect(emp.json()).toEqual({ message: 'You do not have read access to Vendor List' });
    expect((await h.call(null, 'GET', '/vendors/all')).statusCode).toBe(401);
  });
});

describe('vendor list with a count cap', () => {
  let capped: VendorsHarness;
  const word = uniqueWord();
  beforeAll(async () => {
    capped = await startVendors({ listCountCap: 2 });
    for (const n of ['One', 'Two', 'Three', 'Four', 'Five']) {
      expect(
        (await capped.call('purchaser', 'POST', '/vendors', newVendor({ name: `Capped ${n} ${word}` })))
          .statusCode,
      ).toBe(201);
    }
  });
  afterAll(async () => capped?.close());
  const list = async (q: string) =>
    (await capped.call('admin', 'GET', `/vendors/all?keyword=${word}&${q}`)).json();

  it('a keyword matching more vendors than the cap answers the cap and says it is capped, in both envelopes', async () => {
    const first = await list('limit=1');
    expect(first).toMatchObject({ totalVendor: 2, total: 2, totalCapped: true });
    expect(first.vendors).toHaveLength(1);
    // A page beyond the cap still comes, with a total that reaches its end (more follow).
    const beyond = await list('limit=2&offset=2');
    expect(beyond).toMatchObject({ totalVendor: 4, total: 4, totalCapped: true });
    expect(beyond.vendors.map((v: Vendor) => v.name)).toEqual([`Capped Three ${word}`, `Capped Two ${word}`]);
    // The last page knows the exact total and says nothing of a cap.
    expect(await list('limit=2&offset=4')).toEqual({
      vendors: [expect.objectContaining({ name: `Capped One ${word}` })],
      totalVendor: 5,
      result: [expect.objectContaining({})],
      total: 5,
    });
  });

  it('a keyword matching no more vendors than the cap answers exactly as before, with no totalCapped', async () => {
    const one = (
      await capped.call('admin', 'GET', `/vendors/all?keyword=${encodeURIComponent(`capped two ${word}`)}`)
    ).json();
    expect(Object.keys(one).sort()).toEqual(['result', 'total', 'totalVendor', 'vendors']);
    expect(one).toMatchObject({ totalVendor: 1, total: 1 });
  });
});

describe('vendor details', () => {
  it('answers 404 "Vendor not found" for an unknown id and 400 for a malformed one', async () => {
    const missing = await h.call('admin', 'GET', `/vendors/details/${MISSING}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Vendor not found' });
    expect((await h.call('admin', 'GET', '/vendors/details/VEN-0001')).statusCode).toBe(400);
  });

  it('is refused to a member without vendor list read (403) and to an anonymous caller (401)', async () => {
    const v = await create();
    expect((await h.call('accountant', 'GET', `/vendors/details/${v._id}`)).statusCode).toBe(200);
    expect((await h.call('employee', 'GET', `/vendors/details/${v._id}`)).statusCode).toBe(403);
    expect((await h.call(null, 'GET', `/vendors/details/${v._id}`)).statusCode).toBe(401);
  });
});

describe('editing a vendor', () => {
  it('changes only the fields sent, bumps the version and says Vendor Updated', async () => {
    const v = await create();
    const res = await h.call('purchaser', 'PATCH', `/vendors/details/${v._id}`, {
      address: 'Wakad, Pune 411057',
      status: 'Blocked',
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Vendor Updated');
    const after = res.json().vendor as Vendor;
    expect(after).toMatchObject({
      ...v,
      address: 'Wakad, Pune 411057',
      status: 'blocked',
      version: 2,
      updatedAt: after.updatedAt,
    });
    expect((await h.call('purchaser', 'GET', `/vendors/details/${v._id}`)).json()).toEqual(after);
  });

  it('a save that changes nothing keeps the version and the record as it was', async () => {
    const v = await create();
    for (const body of [
      {},
      { name: ` ${v.name} `, status: 'Active', gstin: v.gstin.toLowerCase(), version: 1 },
    ]) {
      const res = await h.call('purchaser', 'PATCH', `/vendors/details/${v._id}`, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Vendor Updated', vendor: v });
    }
  });

  it('saves without a version (last write wins) when the client sends none', async () => {
    const v = await create();
    const res = await h.call('purchaser', 'PATCH', `/vendors/details/${v._id}`, { notes: 'No version sent' });
    expect(res.statusCode).toBe(200);
    expect(res.json().vendor).toMatchObject({ notes: 'No version sent', version: 2 });
  });

  it('refuses a save based on a stale version with 409 and keeps the newer data', async () => {
    const v = await create();
    expect(
      (await h.call('purchaser', 'PATCH', `/vendors/details/${v._id}`, { notes: 'first edit', version: 1 }))
        .statusCode,
    ).toBe(200);
    const stale = await h.call('purchaser', 'PATCH', `/vendors/details/${v._id}`, {
      notes: 'second edit',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message:
        'This vendor was changed by someone else. Reload to see the latest details, then make your change again.',
    });
    expect((await h.call('purchaser', 'GET', `/vendors/details/${v._id}`)).json()).toMatchObject({
      notes: 'first edit',
      version: 2,
    });
  });

  it.each([
    [{ name: ' ' }, 'Vendor name is required.'],
    [{ name: 7 }, 'Vendor name is required.'],
    [{ phoneNumber: '12345' }, 'Enter a valid 10-digit phone number.'],
    [{ email: 'nope' }, 'Please enter a valid email address.'],
    [{ altEmail: 'accounts' }, 'Please enter a valid email address.'],
    [{ address: '' }, 'Vendor address cannot be empty.'],
    [{ paymentTerms: -5 }, 'Payment terms must be a valid number of days'],
    [{ gstin: '27AAPFU0939F1ZVX' }, 'Enter a valid 15-character GSTIN'],
    [{ wallet: 100 }, 'Unknown field: wallet'],
    [{ version: 'one' }, 'version must be integer'],
  ])('refuses %j with 400 and leaves the vendor unchanged', async (change, message) => {
    const v = await create();
    const res = await h.call('purchaser', 'PATCH', `/vendors/details/${v._id}`, change);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect((await h.call('purchaser', 'GET', `/vendors/details/${v._id}`)).json()).toEqual(v);
  });

  it('refuses renaming to another vendor’s name with 409 but allows changing the case of its own name', async () => {
    const a = await create();
    const b = await create();
    const clash = await h.call('purchaser', 'PATCH', `/vendors/details/${b._id}`, {
      name: a.name.toLowerCase(),
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ message: 'A vendor with this name already exists' });
    const own = await h.call('purchaser', 'PATCH', `/vendors/details/${b._id}`, {
      name: b.name.toUpperCase(),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().vendor.name).toBe(b.name.toUpperCase());
  });

  it('answers 404 for an unknown vendor and 400 for a malformed id', async () => {
    const res = await h.call('purchaser', 'PATCH', `/vendors/details/${MISSING}`, { notes: 'x' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Vendor not found' });
    expect((await h.call('purchaser', 'PATCH', '/vendors/details/nope', { notes: 'x' })).statusCode).toBe(
      400,
    );
  });

  it('tells the other services about the change and records it in the audit log', async () => {
    const seen: VendorUpsertedData[] = [];
    await h.bus.subscribe({
      durable: 'test-vendor-updated',
      subjects: ['erp.vendors.vendor_updated.v1'],
      handler: async (e) => void seen.push(e.data as VendorUpsertedData),
    });
    const v = await create();
    await h.call('purchaser', 'PATCH', `/vendors/details/${v._id}`, { status: 'inactive', version: 1 });
    await h.settle();
    await expect
      .poll(() => seen.find((s) => s.vendorId === v._id && s.version === 2))
      .toMatchObject({ status: 'inactive', name: v.name });
    const audit = await h.db.query<{ action: string }>(
      'SELECT action FROM vendors.audit_log WHERE entity_id = $1 ORDER BY id',
      [v._id],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['vendor_created', 'vendor_updated']);
  });

  it('is refused to a member without vendor list write (403) and to an anonymous caller (401)', async () => {
    const v = await create();
    const acc = await h.call('accountant', 'PATCH', `/vendors/details/${v._id}`, { notes: 'x' });
    expect(acc.statusCode).toBe(403);
    expect(acc.json()).toEqual({ message: 'You do not have write access to Vendor List' });
    expect((await h.call('employee', 'PATCH', `/vendors/details/${v._id}`, { notes: 'x' })).statusCode).toBe(
      403,
    );
    expect((await h.call(null, 'PATCH', `/vendors/details/${v._id}`, { notes: 'x' })).statusCode).toBe(401);
    expect(
      (await h.call('admin', 'PATCH', `/vendors/details/${v._id}`, { notes: 'by admin' })).statusCode,
    ).toBe(200);
  });
});

describe('dashboard count', () => {
  it('counts every vendor, as the vendor list does, for any signed-in member, and refuses anonymous callers', async () => {
    const all = (await h.call('admin', 'GET', '/vendors/all?limit=1')).json().totalVendor;
    const res = await h.call('employee', 'GET', '/vendors/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ totalVendor: all });
    await create({ status: 'inactive' });
    expect((await h.call('employee', 'GET', '/vendors/stats')).json()).toEqual({ totalVendor: all + 1 });
    expect((await h.call('admin', 'GET', '/vendors/all?limit=1')).json().totalVendor).toBe(all + 1);
    expect((await h.call(null, 'GET', '/vendors/stats')).statusCode).toBe(401);
  });
});
