/**
 * Real records for path parameters (a member, a vendor, an item priced by that vendor, an import
 * job, a BOQ), a multipart upload helper, and a fingerprint of everything the services have stored.
 */
import { randomUUID } from 'node:crypto';
import type { System } from './system.js';

export interface Fixtures {
  memberId: string;
  /** A project no demo member is assigned to. */
  projectId: string;
  /** An Employee with write access to every Team and Project screen, assigned to no project. */
  scopedEmployee: { headers: { authorization: string } };
  vendorId: string;
  itemId: string;
  jobId: string;
  /** A confirmed BOQ of `projectId` (so no demo member's project) with the fixture item. */
  boqId: string;
}

let phoneSeq = 0;
/** A 10-digit number no demo member has (demo numbers are 90000000xx). */
export function freshPhone(): string {
  return `7${String(Date.now() % 1e5).padStart(5, '0')}${String(++phoneSeq % 1e4).padStart(4, '0')}`;
}

export function multipart(
  fields: Record<string, { filename?: string; type?: string; content: string | Buffer }>,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----erp${randomUUID().replaceAll('-', '')}`;
  const parts: Buffer[] = [];
  for (const [name, f] of Object.entries(fields)) {
    const disposition = `form-data; name="${name}"${f.filename !== undefined ? `; filename="${f.filename}"` : ''}`;
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    parts.push(Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function call(
  system: System,
  method: string,
  url: string,
  payload?: unknown,
): Promise<Record<string, unknown>> {
  const res = await system.app.inject({
    method: method as 'POST',
    url,
    headers: system.roles.Admin.headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  await system.settle();
  return res.json() as Record<string, unknown>;
}

export async function createFixtures(system: System): Promise<Fixtures> {
  const member = await call(system, 'POST', '/api/v1/auth/createTeam', {
    name: 'Fixture Member',
    email: `fixture.${randomUUID().slice(0, 8)}@example.test`,
    phoneNumber: freshPhone(),
    status: 'Active',
    role: 'Employee',
  });
  const project = await call(system, 'POST', '/api/v1/project', {
    name: 'Fixture Project',
    projectCode: `FIX-${randomUUID().slice(0, 8)}`,
    status: 'inProgress',
  });
  const scopedPhone = freshPhone();
  await call(system, 'POST', '/api/v1/auth/createTeam', {
    name: 'Scoped Employee',
    email: `scoped.${randomUUID().slice(0, 8)}@example.test`,
    phoneNumber: scopedPhone,
    status: 'Active',
    role: 'Employee',
    permissions: { allProjects: false, projects: [], modules: { team: { read: true, write: true } } },
  });
  const scoped = await system.signIn(scopedPhone);
  const vendor = await call(system, 'POST', '/api/v1/vendors', {
    name: `Fixture Vendor ${'abcdefghij'[phoneSeq % 10]}`,
    contactPerson: 'Fixture Contact',
    phoneNumber: freshPhone(),
    email: 'fixture.vendor@example.test',
    address: 'Plot 1, MIDC, Pune',
    paymentTerms: 30,
  });
  const vendorId = (vendor.vendor as { _id: string })._id;
  const item = await call(system, 'POST', '/api/v1/items', {
    name: `Fixture item ${randomUUID().slice(0, 8)}`,
    unit: 'bags',
    vendors: [{ vendor: vendorId, price: 100, gst: 18 }],
  });
  const csv = 'Item Name,Unit,Vendor,Price,GST,MOQ,Status,Notes\nFixture import item,kg,,,,,,\n';
  const upload = multipart({ file: { filename: 'items.csv', type: 'text/csv', content: csv } });
  const res = await system.app.inject({
    method: 'POST',
    url: '/api/v1/items/import',
    headers: { ...system.roles.Admin.headers, ...upload.headers },
    payload: upload.payload,
  });
  if (res.statusCode !== 202) throw new Error(`import: ${res.statusCode} ${res.body}`);
  const jobId = (res.json() as { _id: string })._id;
  for (let i = 0; i < 200; i++) {
    const job = await system.app.inject({
      method: 'GET',
      url: `/api/v1/items/import/${jobId}`,
      headers: system.roles.Admin.headers,
    });
    if ((job.json() as { status: string }).status !== 'running') break;
    await new Promise((r) => setTimeout(r, 25));
  }
  await system.settle();
  // Confirmed, so the routes that change a BOQ (edit, delete) refuse it and it stays for every test.
  const boq = await call(system, 'POST', '/api/v1/boq', {
    projectId: (project.project as { _id: string })._id,
    name: 'Fixture BOQ',
    status: 'confirmed',
    items: [{ item: (item.item as { _id: string })._id, plannedQty: 10, unit: 'bags', rate: 100 }],
  });
  return {
    memberId: (member.user as { _id: string })._id,
    projectId: (project.project as { _id: string })._id,
    scopedEmployee: { headers: scoped.headers },
    vendorId,
    itemId: (item.item as { _id: string })._id,
    jobId,
    boqId: (boq.boq as { _id: string })._id,
  };
}

/** The real record a path parameter names, by the route's resource and the parameter's name; undefined when none is known. */
export function realParam(url: string, param: string, f: Fixtures): string | undefined {
  if (param === 'vendorId') return f.vendorId;
  if (param === 'jobId') return f.jobId;
  if (param !== 'id') return undefined;
  const resource = url.split('/')[3];
  // A vendor's ledger is named by the vendor's id (/vendorTransaction/:id).
  return (
    {
      auth: f.memberId,
      vendors: f.vendorId,
      vendorTransaction: f.vendorId,
      items: f.itemId,
      project: f.projectId,
      boq: f.boqId,
    } as Record<string, string>
  )[resource ?? ''];
}

export const paramNames = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

/** The route's path with each parameter from `values` (already URL text), else its real record, else a random id. */
export function fillPath(url: string, f: Fixtures, values: Record<string, string> = {}): string {
  return url.replace(
    /:([A-Za-z0-9_]+)/g,
    (_, name: string) => values[name] ?? realParam(url, name, f) ?? randomUUID(),
  );
}

export type Fingerprint = Record<string, string>;

/**
 * What every table of every service schema holds: its row count and a hash of its rows. The
 * outbox's publishing columns change in the background, so it counts by rows and last seq.
 */
const fingerprintSql = new WeakMap<System, string>();

export async function fingerprint(system: System): Promise<Fingerprint> {
  let sql = fingerprintSql.get(system);
  if (!sql) {
    const schemas = Object.values(system.runtimes).map((r) => r.ctx.schema);
    const tables = await system.db.query<{ s: string; t: string }>(
      `SELECT table_schema AS s, table_name AS t FROM information_schema.tables
        WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
      [schemas],
    );
    const parts = tables.rows.map(({ s, t }) => {
      const expr =
        t === 'outbox'
          ? `count(*)::text || ':' || coalesce(max(seq), 0)::text`
          : `count(*)::text || ':' || md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), ''))`;
      return `(SELECT ${expr} FROM "${s}"."${t}" x) AS "${s}.${t}"`;
    });
    sql = `SELECT ${parts.join(', ')}`;
    fingerprintSql.set(system, sql);
  }
  const res = await system.db.query<Record<string, string>>(sql);
  return res.rows[0]!;
}

export function fingerprintDiff(before: Fingerprint, after: Fingerprint, ignore: string[] = []): string[] {
  return Object.keys({ ...before, ...after })
    .filter((k) => !ignore.includes(k) && before[k] !== after[k])
    .map((k) => `${k}: ${before[k]} -> ${after[k]}`);
}
