/**
 * The demo business made through the front door (issue 27): every record is created by a call of
 * the public API, signed in as the member who would make it, in the order people would: the Admin
 * builds the team and the vendors, the purchaser the items and prices, the Admin the projects and
 * BOQs; the site engineer raises indents, the purchaser compares, the Admin approves (the PO
 * service makes the POs from that event); the engineer receives a delivery with its invoice photo;
 * the accountant pays and the purchaser enters a credit note. Where a call depends on what another
 * service learns through events (a new vendor reaching the catalog), it is retried until it holds.
 *
 * The first Admin exists before the seed runs: the system creates them from ADMIN_PHONE on a new
 * database (scripts/demo-seed/start.mjs sets it to the demo Admin's number).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { apiClient, eventually } from './api.mjs';
import { BOQS, INDENTS, ITEMS, LEDGER, MEMBERS, PRICES, PROJECTS, RECEIPT, VENDORS } from './business.mjs';

/** Today (or `days` from today) in India, YYYY-MM-DD. */
const indiaDay = (days = 0) =>
  new Date(Date.now() + days * 86_400_000 + 330 * 60_000).toISOString().slice(0, 10);

const phoneOf = (role) => MEMBERS.find((m) => m.role === role).phoneNumber;
export const DEMO_PHONES = {
  Admin: phoneOf('Admin'),
  Purchaser: phoneOf('Purchaser'),
  Accountant: phoneOf('Accountant'),
  Employee: phoneOf('Employee'),
};

/**
 * The team, by the first Admin (`admin`, signed in): when that is the demo Admin's number, it gets
 * the demo Admin's name, email and notes; the other members are added through the team form's
 * call. Answers the members by email and each role signed in.
 */
export async function seedTeam(api, admin) {
  const byEmail = new Map();
  for (const m of MEMBERS) {
    if (m.phoneNumber === admin.user.phoneNumber) {
      const { user } = await admin.patch(`/auth/${admin.user._id}`, {
        name: m.name,
        email: m.email,
        notes: m.notes,
      });
      byEmail.set(m.email, user);
      continue;
    }
    const { user } = await admin.post('/auth/createTeam', {
      name: m.name,
      email: m.email,
      phoneNumber: m.phoneNumber,
      status: 'active',
      role: m.role,
      notes: m.notes,
    });
    byEmail.set(m.email, user);
  }
  const signedIn = {};
  for (const role of ['Admin', 'Purchaser', 'Accountant', 'Employee'])
    signedIn[role] =
      admin.user.phoneNumber === DEMO_PHONES[role] ? admin : await api.signIn(DEMO_PHONES[role]);
  return { members: byEmail, ...signedIn };
}

/** Vendors (by the Admin), then the items with the active vendors' prices (by the purchaser). */
export async function seedCatalog(team) {
  const vendors = new Map();
  for (const v of VENDORS) {
    const { vendor } = await team.Admin.post('/vendors', v);
    vendors.set(v.name, { ...vendor, active: v.status === 'active' });
  }
  const items = new Map();
  for (const it of ITEMS) {
    const prices = Object.entries(PRICES).flatMap(([vendorName, list]) => {
      const vendor = vendors.get(vendorName);
      const price = list[it.name];
      return price && vendor.active ? [{ vendor: vendor._id, price: price[0], gst: price[1] }] : [];
    });
    // The catalog takes a vendor's price once the vendor's event has reached it.
    const { item } = await eventually(`the item ${it.name}`, () =>
      team.Purchaser.post('/items', { name: it.name, unit: it.unit, vendors: prices }),
    );
    items.set(it.name.toLowerCase(), item);
  }
  return { vendors, items };
}

/** The projects with their teams, and a confirmed BOQ each (by the Admin). */
export async function seedProjects(team, { items }) {
  const projects = new Map();
  for (const { team: emails, ...p } of PROJECTS) {
    const employees = emails.map((e) => team.members.get(e)._id);
    // The projects service assigns members it has heard of from the team's events.
    const { project } = await eventually(`the project ${p.name}`, () =>
      team.Admin.post('/project', { ...p, employees }),
    );
    projects.set(p.projectCode, project);
  }
  const boqs = new Map();
  for (const b of BOQS) {
    const body = {
      projectId: projects.get(b.project)._id,
      name: b.name,
      description: b.description,
      notes: b.notes,
      status: 'confirmed',
      items: b.lines.map((l) => ({
        item: items.get(l.item.toLowerCase())._id,
        plannedQty: l.qty,
        unit: l.unit,
        rate: l.rate,
        remark: l.remark,
      })),
    };
    const { boq } = await eventually(`the BOQ ${b.name}`, () => team.Admin.post('/boq', body));
    boqs.set(b.project, boq);
  }
  return { projects, boqs };
}

/** Compare as the purchaser would: each line's chosen vendor (by name), with the reason when it is not the lowest. */
async function compare(team, indent, d, vendors) {
  const view = await eventually(`prices on ${d.title}`, async () => {
    const c = await team.Purchaser.get(`/indent/compare/${indent._id}`);
    return c.items.every((l) => l.vendors.length > 0) ? c : undefined;
  });
  const lineOf = (itemId) =>
    d.lines.find((l) => view.items.find((x) => x.itemId === itemId).itemName === l.item);
  await team.Purchaser.post(`/indent/compare/${indent._id}`, {
    status: 'approval',
    pricesVersion: view.pricesVersion,
    version: view.version,
    items: view.items.map((l) => {
      const line = lineOf(l.itemId);
      return {
        itemId: l.itemId,
        selectedVendor: vendors.get(line.vendor)._id,
        ...(line.reason ? { reasonForSelection: line.reason } : {}),
      };
    }),
  });
}

/** Approve as the Admin would: the fleet cost first, then each line at the chosen vendor's price. */
async function approve(team, indent, d, vendors) {
  if (d.fleet)
    await team.Admin.put(`/indent/fleet/${indent._id}`, {
      vendorId: vendors.get(d.fleet.vendor)._id,
      amount: d.fleet.amount,
      gst: d.fleet.gst,
      free: false,
    });
  const review = await team.Admin.get(`/indent/compare/${indent._id}`);
  await team.Admin.post(`/indent/approval/${indent._id}`, approvalAtChosenPrices(review));
}

/** The approval of an indent as its review shows it: each line at its chosen vendor's price. */
export function approvalAtChosenPrices(review) {
  return {
    status: 'approved',
    pricesVersion: review.pricesVersion,
    version: review.version,
    items: review.items.map((l) => ({
      itemId: l.itemId,
      selectedVendor: l.selectedVendor,
      price: l.vendors.find((v) => v.vendorId === l.selectedVendor).price,
    })),
  };
}

/** The indents, raised by the site engineer on the first project's BOQ and taken as far as their stage. */
export async function seedIndents(team, { vendors, items }, { projects, boqs }) {
  const project = projects.get('PRJ-0001');
  const boq = boqs.get('PRJ-0001');
  const indents = new Map();
  for (const d of INDENTS) {
    const body = {
      title: d.title,
      projectId: project._id,
      boqId: boq._id,
      location: d.location,
      neededBy: indiaDay(d.neededInDays),
      notes: d.notes,
      status: d.stage === 'draft' ? 'draft' : 'compare',
      items: d.lines.map((l) => ({
        item: items.get(l.item.toLowerCase())._id,
        quantity: l.qty,
        remarks: l.remark,
      })),
    };
    // The indent service knows the project, its BOQ and the items from their events.
    const { indent } = await eventually(`the indent ${d.title}`, () => team.Employee.post('/indent', body));
    if (d.stage === 'approval' || d.stage === 'approved') await compare(team, indent, d, vendors);
    if (d.stage === 'approved') await approve(team, indent, d, vendors);
    indents.set(d.title, indent);
  }
  return indents;
}

/** The first delivery on the aggregate PO: the invoice photo uploaded, then the receipt naming it. */
export async function seedReceipt(team, indents, photoDir = new URL('.', import.meta.url)) {
  const indent = indents.get(RECEIPT.indent);
  const po = await eventually(`the POs of ${RECEIPT.indent}`, async () => {
    const list = await team.Employee.get(`/po?indentId=${indent._id}&limit=100&offset=0`);
    const found = list.result.find((p) => p.vendor.name === RECEIPT.vendor);
    return found ? team.Employee.get(`/po/${found._id}`) : undefined;
  });
  const line = po.items.find((l) => l.item.name === RECEIPT.item);
  const form = new FormData();
  const bytes = readFileSync(new URL(RECEIPT.photo, photoDir));
  form.append('photo', new Blob([bytes], { type: 'image/jpeg' }), RECEIPT.photo);
  const photo = await team.Employee.post(`/po/${po._id}/photos`, form);
  await team.Employee.post('/poReceipt', {
    poId: po._id,
    receiptId: randomUUID(),
    receivedItems: [
      {
        item: line.itemId,
        receivedQuantity: RECEIPT.received,
        rejectedQuantity: 0,
        remarks: RECEIPT.lineRemarks,
      },
    ],
    invoice: {
      invoiceNumber: RECEIPT.invoiceNumber,
      invoiceDate: indiaDay(),
      invoiceAmount: RECEIPT.invoiceAmount,
    },
    remarks: RECEIPT.remarks,
    photoId: photo._id,
  });
}

/** The payment and the credit note, each once its vendor's ledger shows the vendor's PO. */
export async function seedLedger(team, { vendors }) {
  const byPhone = Object.fromEntries(Object.entries(DEMO_PHONES).map(([role, phone]) => [phone, team[role]]));
  for (const e of LEDGER) {
    const vendor = vendors.get(e.vendor);
    const who = byPhone[e.by];
    const poNumber = await eventually(`a PO on the ledger of ${e.vendor}`, async () => {
      const ledger = await who.get(`/vendorTransaction/${vendor._id}?limit=100&offset=0`);
      return ledger.result.find((t) => t.type === 'PO Add')?.po?.poNumber;
    });
    await who.post(`/vendorTransaction/${vendor._id}/${e.kind}`, {
      ...e.entry(poNumber),
      date: indiaDay(),
      requestKey: randomUUID(),
    });
  }
}

/**
 * The whole demo into a system with no business data yet, at `base`, by its first Admin (`adminPhone`).
 * Refuses a system that already has vendors (a second run would make everything twice). `client`:
 * apiClient's options (fetchFn, prefix).
 */
export async function seedDemo(base, { adminPhone = DEMO_PHONES.Admin, log = () => {}, ...client } = {}) {
  const api = apiClient(base, client);
  const admin = await api.signIn(adminPhone);
  const existing = await admin.get('/vendors/all?limit=1&offset=0');
  if ((existing.totalVendor ?? existing.total ?? 0) > 0)
    throw new Error('This system already has vendors: the demo is only seeded into a new one');
  const team = await seedTeam(api, admin);
  log(`team of ${MEMBERS.length}`);
  const catalog = await seedCatalog(team);
  log(`${VENDORS.length} vendors, ${ITEMS.length} items with prices`);
  const sites = await seedProjects(team, catalog);
  log(`${PROJECTS.length} projects with a confirmed BOQ each`);
  const indents = await seedIndents(team, catalog, sites);
  log(`${INDENTS.length} indents (approved, waiting for approval, waiting for comparison, draft)`);
  await seedReceipt(team, indents);
  log('a goods receipt with its invoice photo');
  await seedLedger(team, catalog);
  log('a payment and a credit note');
  return { team, catalog, sites, indents };
}
