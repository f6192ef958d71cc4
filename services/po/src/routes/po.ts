import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  can,
  isAdmin,
  MAX_PHOTO_BYTES,
  PhotoResponse,
  PoResponse,
  ReceiptBody,
  PoStatusChanged,
  ShortCloseBody,
  toHundredths,
  toPaise,
  type PhotoType,
  canAccessProject,
  ErrorResponse,
  hasAllProjects,
  IdParams,
  PO_MESSAGES,
  PO_STATUSES,
  PoListQuery,
  PoListResponse,
  type PoSort,
  PurchaseOrder,
  StatsResponse,
  type PoStatus,
} from '@erp/contracts';
import {
  badRequest,
  conflict,
  conflictOnUnique,
  isUuid,
  forbidden,
  HttpError,
  notFound,
  requireAccess,
  requireSignedIn,
  sendJsonText,
  type AnswersCache,
  type AuthContext,
  type Queryable,
  type ServiceContext,
  type TypeBoxTypeProvider,
} from '@erp/service-kit';
import type { CompanyProfile } from '../company.js';
import { vendorDetails } from '../events/vendor-details.js';
import { renderPoPdf } from '../pdf/po-pdf.js';
import { recordReceipt } from '../receipts.js';
import { reencodePhoto } from '../photos.js';
import { PO_ORDERS, type PoRow, type PurchaseOrdersRepository } from '../repositories/purchase-orders.js';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  413: ErrorResponse,
  429: ErrorResponse,
};

/** SPEC §6 "Purchase Orders": Open POs write records goods receipts (Employees on their projects). */
const RECEIVE = { module: 'po', sub: 'open', level: 'write' } as const;
/** Short-closing changes the PO itself: PO List write, and the Admin role (checked in the handler). */
const LIST_WRITE = { module: 'po', sub: 'list', level: 'write' } as const;

const PhotoParams = Type.Object({ id: IdParams.properties.id, photoId: IdParams.properties.id });

/** JPEG, PNG or WebP by its first bytes (never by the name or the declared type); null otherwise. */
export function photoType(bytes: Buffer): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  return null;
}

/** '<PO number>-invoice.jpg' with only letters, digits, '-' and '_' (safe in a header and on any disk). */
export function photoFileName(poNumber: string, contentType: string): string {
  const base = `${poNumber}-invoice`.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 80) || 'invoice';
  return `${base}.${contentType === 'image/png' ? 'png' : contentType === 'image/webp' ? 'webp' : 'jpg'}`;
}

/**
 * Where the goods go, as printed on the PO: the indent's site (its Site/Location field), then the
 * project's name and code and its location. An approval announced before these were carried prints
 * the project alone, as before.
 */
export function deliveryAddress(
  project: { name: string; projectCode: string },
  places: { site: string; projectLocation: string },
): string {
  const projectLine = `${project.name} (${project.projectCode})`;
  return [places.site.trim(), projectLine, places.projectLocation.trim()].filter((s) => s !== '').join('\n');
}

/** Today in India (YYYY-MM-DD): an invoice dated later is refused. */
function todayInIndia(): string {
  return new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
}

/**
 * A PO's page is reached from the PO list and from the Open POs list (receiving), so PO List read or
 * Open POs read opens it. Checked here: a route declares one access only.
 */
function requirePoRead(request: FastifyRequest): AuthContext {
  const auth = requireSignedIn(request);
  if (!can(auth, 'po', 'list', 'read') && !can(auth, 'po', 'open', 'read'))
    throw forbidden('You do not have read access to PO List');
  return auth;
}

/**
 * Whether the member may see this PO at all: its project (an Employee's), and for a member with Open
 * POs read alone (the receiving list) an Open or Partial PO only, the list's rule (decision 0023):
 * a Closed PO is theirs to see only through PO List read. Every PO route answers what this refuses as
 * 404, as a PO that does not exist.
 */
export function maySeePo(auth: AuthContext, po: { projectId: string; status: PoStatus }): boolean {
  if (!canAccessProject(auth, po.projectId)) return false;
  return po.status !== 'Closed' || can(auth, 'po', 'list', 'read');
}

/** An Employee's projects (only the ids that can be keys), or null for a member who sees every project. */
function projectScope(auth: AuthContext): string[] | null {
  return hasAllProjects(auth)
    ? null
    : auth.permissions.projects.map((p) => p.toLowerCase()).filter((p) => isUuid(p));
}

/** The Open POs list's statuses (SPEC §2 /po/open): what 'active' asks for. */
const ACTIVE: PoStatus[] = ['Open', 'Partial'];

/** '' / all → every status (null); active → Open and Partial; Open, open, OPEN… → Open. */
export function statusFilter(status: string | undefined): PoStatus[] | null {
  if (!status || status.toLowerCase() === 'all') return null;
  if (status === 'active') return ACTIVE;
  const one = PO_STATUSES.find((s) => s.toLowerCase() === status.toLowerCase());
  return one ? [one] : null;
}

/**
 * The statuses the caller may list. PO List read lists every PO; Open POs read alone (the receiving
 * list, /po/open) lists the active ones: every status means Open and Partial for them, and asking for
 * Closed POs is refused, as the PO list would be (decision 0023).
 */
function visibleStatuses(auth: AuthContext, asked: PoStatus[] | null): PoStatus[] | null {
  if (can(auth, 'po', 'list', 'read')) return asked;
  if (asked === null) return ACTIVE;
  if (asked.includes('Closed')) throw forbidden('You do not have read access to PO List');
  return asked;
}

/** '' or absent → the newest order date first. */
const sortOf = (sort: string | undefined): PoSort =>
  sort && sort in PO_ORDERS ? (sort as PoSort) : '-orderDate';

function idFilter(name: string, value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  const id = value.toLowerCase();
  if (!isUuid(id)) throw badRequest(`${name} must be a valid id`);
  return id;
}

/**
 * PO routes (SPEC §7 /po). POs are made by approvals (erp.indent.approved.v1), never through the API.
 * An Employee reaches only the POs of their projects: another project's PO answers 404, as one that
 * does not exist.
 */
export async function poRoutes(
  app: FastifyInstance,
  deps: {
    ctx: ServiceContext;
    pos: PurchaseOrdersRepository;
    answers: AnswersCache;
    company: CompanyProfile;
    unattachedPhotosPerHour: number;
  },
): Promise<void> {
  const { ctx, pos, answers } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  await app.register(multipart, { limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 5, parts: 6 } });

  /** The PO's new status, with its version after this change (refreshStatus added one), when it moved. */
  async function announceStatus(
    tx: Queryable,
    po: PoRow,
    status: PoStatus,
    requestId: string,
    actorId: string,
  ): Promise<void> {
    if (status === po.status) return;
    await ctx.emit(
      tx,
      PoStatusChanged,
      { poId: po.id, poNumber: po.po_number, indentId: po.indent_id, status, version: po.version + 1 },
      { requestId, actorId },
    );
  }

  /** The PO as the caller may see it (another project's is 404, as one that does not exist). */
  async function visiblePo(db: Queryable, auth: AuthContext, id: string) {
    const po = await pos.byId(db, id.toLowerCase());
    if (!po || !maySeePo(auth, { projectId: po.projectId._id, status: po.status }))
      throw notFound(PO_MESSAGES.notFound);
    return po;
  }

  r.get(
    '/po',
    // Signed-in here; PO List or Open POs read is checked in the handler (requirePoRead): the Open POs
    // screen lists active POs for members who may receive goods but not see the whole PO list.
    {
      config: { access: 'signed-in' },
      schema: { tags: ['po'], querystring: PoListQuery, response: { 200: PoListResponse, ...errors } },
    },
    async (request, reply) => {
      const auth = requirePoRead(request);
      const q = request.query;
      // The page comes as JSON text from PostgreSQL (PoListResponse's shape) and is sent as it is,
      // again while the data's generation has not moved (decision 0023). Access is applied before:
      // the statuses a member may see and an Employee's projects are part of the query, hence of the key.
      const only = projectScope(auth);
      const query = {
        keyword: (q.keyword ?? '').trim(),
        statuses: visibleStatuses(auth, statusFilter(q.status)),
        vendorId: idFilter('vendorId', q.vendorId),
        projectId: idFilter('projectId', q.projectId),
        indentId: idFilter('indentId', q.indentId),
        boqId: idFilter('boqId', q.boqId),
        only: only && [...only].sort(),
        sort: sortOf(q.sort),
        limit: q.limit ?? 10,
        offset: q.offset ?? 0,
        cap: ctx.config.listCountCap,
      };
      const answer = await answers.answer(ctx.db, `po list ${JSON.stringify(query)}`, async () => {
        const page = await pos.listJson(ctx.db, query);
        return {
          text: page.json,
          extra: { total: page.total, capped: page.capped },
          generation: page.generation,
        };
      });
      const { total, capped } = answer!.extra;
      return sendJsonText(
        reply,
        `{"result":${answer!.text},"totalItems":${total}${capped ? ',"totalCapped":true' : ''}}`,
      );
    },
  );

  r.get(
    '/po/stats',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['po'], response: { 200: StatsResponse, 401: ErrorResponse } },
    },
    // Dashboard count: Open and Partial POs the member can see (none without PO List or Open POs read).
    async (request) => {
      const auth = requireSignedIn(request);
      if (!can(auth, 'po', 'list', 'read') && !can(auth, 'po', 'open', 'read')) return { activePo: 0 };
      return { activePo: await pos.countActive(ctx.db, projectScope(auth)) };
    },
  );

  r.get(
    '/po/:id',
    // Signed-in here; PO List or Open POs read is checked in the handler (requirePoRead).
    {
      config: { access: 'signed-in' },
      schema: { tags: ['po'], params: IdParams, response: { 200: PurchaseOrder, ...errors } },
    },
    async (request) => {
      const auth = requirePoRead(request);
      return visiblePo(ctx.db, auth, request.params.id);
    },
  );

  r.post(
    '/po/:id/photos',
    {
      config: { access: RECEIVE },
      schema: {
        tags: ['po'],
        params: IdParams,
        consumes: ['multipart/form-data'],
        response: { 201: PhotoResponse, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAccess(request, RECEIVE.module, RECEIVE.sub, RECEIVE.level);
      const po = await visiblePo(ctx.db, auth, request.params.id);
      if (po.status === 'Closed') throw conflict(PO_MESSAGES.closed);
      if (!request.isMultipart())
        throw badRequest('Upload the photo as multipart/form-data in the field "photo"');
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file || file.fieldname !== 'photo') throw badRequest('Upload the photo in the field "photo"');
        bytes = await file.toBuffer();
      } catch (err) {
        if (err instanceof HttpError) throw err;
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(413, PO_MESSAGES.photoTooLarge);
        throw badRequest(`The upload could not be read: ${(err as Error).message}`);
      }
      if (!photoType(bytes)) throw badRequest(PO_MESSAGES.photoKind);
      // Decoded whole and kept as a new JPEG (upright, no metadata): what is served is an image we made.
      const jpeg = await reencodePhoto(bytes);
      if (!jpeg) throw badRequest(PO_MESSAGES.photoUnreadable);
      if (jpeg.length > MAX_PHOTO_BYTES) throw new HttpError(413, PO_MESSAGES.photoTooLarge);
      const id = randomUUID();
      const limit = deps.unattachedPhotosPerHour;
      const stored = await pos.insertPhotoWithin(
        ctx.db,
        {
          id,
          poId: po._id,
          contentType: 'image/jpeg',
          bytes: jpeg,
          by: { id: auth.memberId, name: auth.name },
        },
        ctx.db.kind,
        limit,
      );
      if (!stored) throw new HttpError(429, PO_MESSAGES.photoRate(limit));
      reply.status(201);
      return { _id: id, contentType: 'image/jpeg' as const, size: jpeg.length };
    },
  );

  r.get(
    '/po/:id/photos/:photoId',
    // Signed-in here; PO List or Open POs read and the project are checked in the handler (as GET /po/{id}).
    { config: { access: 'signed-in' }, schema: { tags: ['po'], params: PhotoParams } },
    async (request, reply) => {
      const auth = requirePoRead(request);
      const po = await visiblePo(ctx.db, auth, request.params.id);
      const photo = await pos.photo(ctx.db, po._id, request.params.photoId.toLowerCase());
      if (!photo) throw notFound('Photo not found');
      reply.type(photo.contentType);
      reply.header('cache-control', 'private, no-store');
      reply.header('x-content-type-options', 'nosniff');
      // Opened on its own, the photo is an image and nothing else: no script, no styles, no frames.
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      reply.header(
        'content-disposition',
        `inline; filename="${photoFileName(po.poNumber, photo.contentType)}"`,
      );
      return reply.send(photo.bytes);
    },
  );

  r.post(
    '/poReceipt',
    {
      config: { access: RECEIVE },
      schema: { tags: ['po'], body: ReceiptBody, response: { 201: PoResponse, 200: PoResponse, ...errors } },
    },
    async (request, reply) => {
      const auth = requireAccess(request, RECEIVE.module, RECEIVE.sub, RECEIVE.level);
      const body = request.body;
      const poId = body.poId.toLowerCase();
      const invoiceNumber = body.invoice.invoiceNumber.trim();
      if (!invoiceNumber) throw badRequest(PO_MESSAGES.invoiceNumber);
      const invoiceDate = body.invoice.invoiceDate;
      if (
        Number.isNaN(Date.parse(`${invoiceDate}T00:00:00Z`)) ||
        new Date(`${invoiceDate}T00:00:00Z`).toISOString().slice(0, 10) !== invoiceDate
      )
        throw badRequest(PO_MESSAGES.invoiceDate);
      if (invoiceDate > todayInIndia()) throw badRequest(PO_MESSAGES.invoiceDateFuture);
      const receiptId = (body.receiptId ?? randomUUID()).toLowerCase();
      const seen = new Set<string>();
      const asked = body.receivedItems.map((l) => {
        const item = l.item.toLowerCase();
        if (seen.has(item)) throw badRequest(PO_MESSAGES.duplicateLine);
        seen.add(item);
        const received = toHundredths(l.receivedQuantity);
        const rejected = toHundredths(l.rejectedQuantity ?? 0);
        if (rejected > received) throw badRequest(PO_MESSAGES.rejected);
        return { item, received, rejected, remarks: (l.remarks ?? '').trim() };
      });
      const counted = asked.filter((l) => l.received > 0);
      if (counted.length === 0) throw badRequest(PO_MESSAGES.nothingReceived);

      // Two receipts with one key on two POs at once both pass the look-up; the key's primary key refuses the second.
      const result = await conflictOnUnique(
        PO_MESSAGES.receiptOtherPo,
        () =>
          ctx.tx((tx) =>
            recordReceipt(tx, ctx, pos, {
              receiptId,
              poId,
              invoiceNumber,
              invoiceDate,
              invoiceAmountPaise: toPaise(body.invoice.invoiceAmount),
              remarks: (body.remarks ?? '').trim(),
              photoId: body.photoId ? body.photoId.toLowerCase() : null,
              lines: counted,
              by: { id: auth.memberId, name: auth.name },
              receivedAt: new Date(),
              requestId: request.id,
              mayAccess: (projectId) => canAccessProject(auth, projectId),
              maySeeClosed: can(auth, 'po', 'list', 'read'),
            }),
          ),
        'receipts_pkey',
      );
      reply.status(result.created ? 201 : 200);
      return { message: PO_MESSAGES.receiptCreated, po: (await pos.byId(ctx.db, poId))! };
    },
  );

  r.post(
    '/po/:id/short-close',
    {
      config: { access: LIST_WRITE },
      schema: {
        tags: ['po'],
        params: IdParams,
        body: ShortCloseBody,
        response: { 200: PoResponse, ...errors },
      },
    },
    async (request) => {
      const auth = requireAccess(request, LIST_WRITE.module, LIST_WRITE.sub, LIST_WRITE.level);
      if (!isAdmin(auth)) throw forbidden(PO_MESSAGES.onlyAdminShortCloses);
      const id = request.params.id.toLowerCase();
      const reason = request.body.reason.trim();
      if (!reason) throw badRequest(PO_MESSAGES.shortCloseReason);
      await ctx.tx(async (tx) => {
        const locked = await pos.lock(tx, id);
        if (!locked || !maySeePo(auth, { projectId: locked.po.project_id, status: locked.po.status }))
          throw notFound(PO_MESSAGES.notFound);
        if (request.body.version !== undefined && request.body.version !== locked.po.version)
          throw conflict(
            'This purchase order was changed by someone else since you opened it. Reload it and try again.',
          );
        if (locked.po.status === 'Closed') throw conflict(PO_MESSAGES.closed);
        await pos.shortClose(tx, id, reason, { id: auth.memberId, name: auth.name });
        const status = await pos.refreshStatus(tx, id);
        await announceStatus(tx, locked.po, status, request.id, auth.memberId);
        await ctx.audit(tx, {
          actorId: auth.memberId,
          action: 'po_short_closed',
          entity: 'po',
          entityId: id,
          requestId: request.id,
          details: { reason, status },
        });
      });
      return { message: PO_MESSAGES.shortClosed, po: (await pos.byId(ctx.db, id))! };
    },
  );

  r.get(
    '/po/:id/pdf',
    // Signed-in here; PO List or Open POs read and the project are checked in the handler (as GET /po/{id}).
    { config: { access: 'signed-in' }, schema: { tags: ['po'], params: IdParams } },
    async (request, reply) => {
      const auth = requirePoRead(request);
      const po = await visiblePo(ctx.db, auth, request.params.id);
      const vendor = await vendorDetails(ctx.db, ctx.schema, po.vendor._id);
      const company = deps.company;
      const pdf = await renderPoPdf({
        company: {
          name: company.name,
          address: company.address,
          gstin: company.gstin,
          phone: company.phone,
          email: company.email,
        },
        vendor: {
          name: po.vendor.name,
          address: vendor?.address ?? '',
          gstin: vendor?.gstin ?? '',
          phone: vendor?.phone ?? '',
          email: vendor?.email ?? '',
        },
        po: {
          number: po.poNumber,
          orderDate: po.orderDate,
          indentNumber: po.indentId.indentId,
          projectName: po.projectId.name,
          projectCode: po.projectId.projectCode,
          boqNumber: po.boqId.boqId,
          deliverySite: deliveryAddress(po.projectId, await pos.deliveryPlaces(ctx.db, po._id)),
          approvedBy: po.approvedBy?.name ?? '',
        },
        // The PO's own integers again (its rupees and units came from them, exactly).
        lines: po.items.map((l) => ({
          itemName: l.item.name,
          unit: l.item.unit,
          quantityHundredths: toHundredths(l.quantity),
          pricePaise: toPaise(l.price),
          gstPaise: toPaise(l.gst),
        })),
        fleet: { amountPaise: toPaise(po.fleet.amount), gstPaise: toPaise(po.fleet.gst) },
        terms: company.terms,
      });
      reply.type('application/pdf');
      reply.header('content-disposition', `inline; filename="${po.poNumber}.pdf"`);
      reply.header('cache-control', 'private, no-store');
      return reply.send(pdf);
    },
  );
}
