/**
 * Indent routes (SPEC §7 /indent, and the designed update, rework and fleet calls). Access: Indent
 * List read to see, Create Indent write to raise and edit drafts (within the member's projects),
 * Compare write and the Purchaser or Admin role to choose vendors, Approval write and the Admin role
 * to approve, send back or set fleet costs. An indent outside an Employee's projects answers 404.
 * Each change is one transaction with its history entry; approval writes erp.indent.approved.v1 to
 * the outbox in it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ApprovalBody,
  can,
  canAccessProject,
  CompareBody,
  CreateIndentBody,
  ErrorResponse,
  FleetBody,
  FleetResponse,
  hasAllProjects,
  IdParams,
  Indent,
  IndentCompare,
  IndentCompareResponse,
  IndentListQuery,
  IndentListResponse,
  IndentResponse,
  INDENT_MESSAGES,
  INDENT_STATUS_LABELS,
  ReworkBody,
  StatsResponse,
  toHundredths,
  toPaise,
  UpdateIndentBody,
  type IndentStatus,
} from '@erp/contracts';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  requireSignedIn,
  isUuid,
  sendJsonText,
  type AnswersCache,
  type AuthContext,
  type Queryable,
  type ServiceContext,
  type TypeBoxTypeProvider,
} from '@erp/service-kit';
import { optionsFor, pricesVersion, toVendorOption, type OptionsByItem } from './options.js';
import { announceIndent } from './indent-events.js';
import { approve, saveSelections, type Choice, type Locked } from './workflow.js';
import {
  newId,
  type Actor,
  type IndentRepository,
  type LineInput,
  type StoredIndent,
  type StoredLine,
} from './repository.js';

const errors = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};

const LIST = { module: 'indent', sub: 'list', level: 'read' } as const;
const CREATE = { module: 'indent', sub: 'create', level: 'write' } as const;
const COMPARE = { module: 'indent', sub: 'compare', level: 'write' } as const;
const APPROVAL = { module: 'indent', sub: 'approval', level: 'write' } as const;

export const PROJECT_NOT_FOUND = 'Project not found';
export const COMPARE_ROLE = 'Only a Purchaser or an Admin chooses vendors';
export const APPROVAL_ROLE = 'Only an Admin approves or sends back indents';

const actorOf = (auth: AuthContext): Actor => ({ id: auth.memberId, name: auth.name });

/**
 * The role a route needs besides its module permission (decision 0020), checked before the body is
 * validated, as the declared access is: a member the role refuses is told so whatever they sent.
 */
function roleGate(roles: readonly string[], message: string) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!roles.includes(requireSignedIn(request).role)) throw forbidden(message);
  };
}
const onlyPurchasersAndAdmins = roleGate(['Purchaser', 'Admin'], COMPARE_ROLE);
const onlyAdmins = roleGate(['Admin'], APPROVAL_ROLE);

/** A YYYY-MM-DD that names a real day, or null for none. */
function neededBy(value: string | null | undefined): string | null {
  if (!value) return null;
  const d = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value)
    throw badRequest(INDENT_MESSAGES.neededBy);
  return value;
}

export interface IndentDeps {
  ctx: ServiceContext;
  indents: IndentRepository;
  /** Kept list answers (decision 0021). */
  answers: AnswersCache;
}

export async function indentRoutes(
  app: FastifyInstance,
  { ctx, indents, answers }: IndentDeps,
): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  /** The indent if it exists and the caller may see it (their project); 404 otherwise. */
  async function visible(db: Queryable, auth: AuthContext, id: string, lock = false): Promise<StoredIndent> {
    const i = await indents.stored(db, id, lock);
    if (!i || !canAccessProject(auth, i.projectId)) throw notFound(INDENT_MESSAGES.notFound);
    return i;
  }

  async function detail(db: Queryable, id: string): Promise<Indent> {
    const d = await indents.detail(db, id);
    if (!d) throw notFound(INDENT_MESSAGES.notFound);
    return d;
  }

  /** The indent with each line's vendor options in force and their fingerprint. */
  async function withOptions(
    db: Queryable,
    id: string,
  ): Promise<{ indent: IndentCompare; options: OptionsByItem }> {
    const d = await detail(db, id);
    const options = await optionsFor(
      db,
      ctx.schema,
      d.items.map((l) => l.itemId),
    );
    return {
      indent: {
        ...d,
        items: d.items.map((l) => ({ ...l, vendors: (options.get(l.itemId) ?? []).map(toVendorOption) })),
        pricesVersion: pricesVersion(options),
      },
      options,
    };
  }

  /** The form's fields checked against what this service knows: project, BOQ, items. */
  async function formInput(db: Queryable, auth: AuthContext, body: CreateIndentBody) {
    const projectId = body.projectId.toLowerCase();
    if (!canAccessProject(auth, projectId) || !(await indents.projectKnown(db, projectId)))
      throw notFound(PROJECT_NOT_FOUND);
    const boqId = body.boqId.toLowerCase();
    if (!(await indents.usableBoq(db, boqId, projectId))) throw badRequest(INDENT_MESSAGES.boqNotUsable);
    const title = body.title.trim();
    if (!title) throw badRequest(INDENT_MESSAGES.title);
    const ids = body.items.map((l) => l.item.toLowerCase());
    if (new Set(ids).size !== ids.length) throw badRequest(INDENT_MESSAGES.duplicateItem);
    const known = await indents.items(db, ids);
    const lines: LineInput[] = body.items.map((l, i) => {
      const item = known.get(ids[i]!);
      if (!item) throw badRequest(INDENT_MESSAGES.unknownItem);
      const quantity = toHundredths(l.quantity);
      if (quantity <= 0) throw badRequest(INDENT_MESSAGES.quantity(item.name));
      return {
        itemId: ids[i]!,
        itemName: item.name,
        unit: item.unit,
        quantity,
        remark: (l.remarks ?? '').trim(),
      };
    });
    return {
      head: {
        title,
        projectId,
        boqId,
        location: (body.location ?? '').trim(),
        neededBy: neededBy(body.neededBy),
        notes: (body.notes ?? '').trim(),
      },
      lines,
    };
  }

  function checkVersion(stored: StoredIndent, version: number | undefined): void {
    if (version !== undefined && version !== stored.version) throw conflict(INDENT_MESSAGES.stale);
  }

  async function touch(tx: Queryable, id: string): Promise<void> {
    await tx.query(
      `UPDATE ${ctx.schema}.indents SET updated_at = now(), version = version + 1 WHERE id = $1`,
      [id],
    );
  }

  r.get(
    '/indent/stats',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['indent'], response: { 200: StatsResponse, ...errors } },
    },
    // Dashboard counts: drafts and indents waiting for comparison or approval, within the member's projects.
    async (request) => {
      const auth = requireSignedIn(request);
      if (!can(auth, 'indent', 'list', 'read')) return {};
      const n = await indents.counts(ctx.db, hasAllProjects(auth) ? null : auth.permissions.projects);
      return {
        draftIndents: n.draft,
        indentsToCompare: can(auth, 'indent', 'compare', 'read') ? n.compare : 0,
        indentsToApprove: can(auth, 'indent', 'approval', 'read') ? n.approval : 0,
      };
    },
  );

  r.get(
    '/indent',
    {
      config: { access: LIST },
      schema: {
        tags: ['indent'],
        querystring: IndentListQuery,
        response: { 200: IndentListResponse, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireSignedIn(request);
      const q = request.query;
      const projectId = q.projectId ? q.projectId.toLowerCase() : null;
      if (projectId && !isUuid(projectId)) throw badRequest('projectId must be a valid id');
      // The page comes as JSON text from PostgreSQL (IndentListResponse's shape) and is sent as it is,
      // again while the data's generation has not moved (decision 0021). Access is applied before:
      // an Employee's projects are part of the query, hence of the key.
      const query = {
        keyword: (q.keyword ?? '').trim(),
        status: !q.status || q.status === 'all' ? null : (q.status as IndentStatus),
        projectId,
        only: hasAllProjects(auth) ? null : [...auth.permissions.projects].sort(),
        sort: q.sort === 'updatedAt' ? ('updatedAt' as const) : ('createdAt' as const),
        limit: q.limit ?? 10,
        offset: q.offset ?? 0,
        cap: ctx.config.listCountCap,
      };
      const answer = await answers.answer(ctx.db, `indent list ${JSON.stringify(query)}`, async () => {
        const page = await indents.listJson(ctx.db, query);
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

  r.post(
    '/indent',
    {
      config: { access: CREATE },
      schema: { tags: ['indent'], body: CreateIndentBody, response: { 201: IndentResponse, ...errors } },
    },
    async (request, reply) => {
      const auth = requireSignedIn(request);
      const actor = actorOf(auth);
      const status = request.body.status;
      const indent = await ctx.tx(async (tx) => {
        const input = await formInput(tx, auth, request.body);
        const id = newId();
        const number = await indents.nextNumber(tx);
        await indents.insert(tx, id, number, input.head, status, actor);
        await indents.replaceLines(tx, id, input.lines);
        await indents.refreshSearch(tx, { id });
        await indents.history(tx, id, actor, null, status);
        await ctx.audit(tx, {
          actorId: auth.memberId,
          action: 'indent_created',
          entity: 'indent',
          entityId: id,
          requestId: request.id,
          details: { number, status, lines: input.lines.length },
        });
        await announceIndent(tx, ctx, id, { requestId: request.id, actorId: auth.memberId });
        return detail(tx, id);
      });
      reply.status(201);
      return { message: status === 'compare' ? INDENT_MESSAGES.added : INDENT_MESSAGES.draftSaved, indent };
    },
  );

  r.get(
    '/indent/compare/:id',
    // Compare read or Approval read (the approval review reads it too): checked here, listed in the security suite's UNDECLARED.
    { schema: { tags: ['indent'], params: IdParams, response: { 200: IndentCompare, ...errors } } },
    async (request) => {
      const auth = requireSignedIn(request);
      if (!can(auth, 'indent', 'compare', 'read') && !can(auth, 'indent', 'approval', 'read'))
        throw forbidden('You do not have read access to Compare');
      const i = await visible(ctx.db, auth, request.params.id);
      return (await withOptions(ctx.db, i.id)).indent;
    },
  );

  r.get(
    '/indent/:id',
    {
      config: { access: LIST },
      schema: { tags: ['indent'], params: IdParams, response: { 200: Indent, ...errors } },
    },
    async (request) => {
      const i = await visible(ctx.db, requireSignedIn(request), request.params.id);
      return detail(ctx.db, i.id);
    },
  );

  r.put(
    '/indent/:id',
    {
      config: { access: CREATE },
      schema: {
        tags: ['indent'],
        params: IdParams,
        body: UpdateIndentBody,
        response: { 200: IndentResponse, ...errors },
      },
    },
    async (request) => {
      const auth = requireSignedIn(request);
      const actor = actorOf(auth);
      const body = request.body;
      const indent = await ctx.tx(async (tx) => {
        const stored = await visible(tx, auth, request.params.id, true);
        if (stored.status !== 'draft')
          throw conflict(INDENT_MESSAGES.notDraft(INDENT_STATUS_LABELS[stored.status]));
        checkVersion(stored, body.version);
        const input = await formInput(tx, auth, body);
        await indents.updateHead(tx, stored.id, input.head, body.status, actor);
        await indents.replaceLines(tx, stored.id, input.lines);
        await indents.refreshSearch(tx, { id: stored.id });
        if (body.status !== 'draft') await indents.history(tx, stored.id, actor, 'draft', body.status);
        await ctx.audit(tx, {
          actorId: auth.memberId,
          action: 'indent_updated',
          entity: 'indent',
          entityId: stored.id,
          requestId: request.id,
          details: { status: body.status, lines: input.lines.length },
        });
        await announceIndent(tx, ctx, stored.id, { requestId: request.id, actorId: auth.memberId });
        return detail(tx, stored.id);
      });
      return {
        message: body.status === 'compare' ? INDENT_MESSAGES.sentForComparison : INDENT_MESSAGES.draftSaved,
        indent,
      };
    },
  );

  /** The chosen vendor's option for a line, or a 400 naming the item. */
  function optionOf(options: OptionsByItem, line: StoredLine, vendorId: string) {
    const o = (options.get(line.itemId) ?? []).find((x) => x.vendorId === vendorId);
    if (!o) throw badRequest(INDENT_MESSAGES.vendorNotOffered(line.itemName));
    return o;
  }

  function linesById(lines: readonly StoredLine[]): Map<string, StoredLine> {
    return new Map(lines.map((l) => [l.itemId, l]));
  }

  r.post(
    '/indent/compare/:id',
    {
      config: { access: COMPARE },
      preValidation: onlyPurchasersAndAdmins,
      schema: {
        tags: ['indent'],
        params: IdParams,
        body: CompareBody,
        response: { 200: IndentCompareResponse, ...errors },
      },
    },
    async (request) => {
      const auth = requireSignedIn(request);
      const actor = actorOf(auth);
      const body = request.body;
      await ctx.tx(async (tx) => {
        const stored = await visible(tx, auth, request.params.id, true);
        if (stored.status !== 'compare') throw conflict(INDENT_MESSAGES.notInCompare);
        checkVersion(stored, body.version);
        const lines = await indents.lines(tx, stored.id);
        const options = await optionsFor(
          tx,
          ctx.schema,
          lines.map((l) => l.itemId),
        );
        if (body.pricesVersion !== undefined && body.pricesVersion !== pricesVersion(options))
          throw conflict(INDENT_MESSAGES.pricesChanged);
        const byItem = linesById(lines);
        const chosen = new Map<string, Choice>();
        for (const c of body.items) {
          const line = byItem.get(c.itemId.toLowerCase());
          if (!line) throw badRequest(INDENT_MESSAGES.unknownLine);
          const o = optionOf(options, line, c.selectedVendor.toLowerCase());
          const reason = (c.reasonForSelection ?? '').trim();
          if (!o.isLowest && (!reason || reason === INDENT_MESSAGES.lowestSelected))
            throw badRequest(INDENT_MESSAGES.reasonRequired(line.itemName));
          chosen.set(line.itemId, {
            vendorId: o.vendorId,
            vendorName: o.vendorName,
            reason: reason || INDENT_MESSAGES.lowestSelected,
            pricePaise: o.pricePaise,
            gstPaise: o.gstPaise,
          });
        }
        if (body.status === 'approval') {
          const missing = lines.find(
            (l) => !chosen.has(l.itemId) && (options.get(l.itemId) ?? []).length > 0,
          );
          if (missing) throw badRequest(INDENT_MESSAGES.selectVendor(missing.itemName));
        }
        // Lines left out have no vendor (SPEC §5: items without a selection are left out of the save).
        await saveSelections(tx, ctx.schema, stored.id, indents, lines, chosen);
        if (body.status === 'approval') {
          await tx.query(
            `UPDATE ${ctx.schema}.indents SET status = 'approval', submitted_by = $2, submitted_by_name = $3, submitted_at = now(), updated_at = now(),
                version = version + 1 WHERE id = $1`,
            [stored.id, actor.id, actor.name],
          );
          await indents.history(tx, stored.id, actor, 'compare', 'approval');
        } else {
          await touch(tx, stored.id);
        }
        await ctx.audit(tx, {
          actorId: auth.memberId,
          action: body.status === 'approval' ? 'indent_sent_for_approval' : 'indent_selections_saved',
          entity: 'indent',
          entityId: stored.id,
          requestId: request.id,
          details: { chosen: chosen.size },
        });
        await announceIndent(tx, ctx, stored.id, { requestId: request.id, actorId: auth.memberId });
      });
      const { indent } = await withOptions(ctx.db, request.params.id);
      return {
        message: body.status === 'approval' ? INDENT_MESSAGES.sentForApproval : INDENT_MESSAGES.saved,
        indent,
      };
    },
  );

  r.post(
    '/indent/approval/:id',
    {
      config: { access: APPROVAL },
      preValidation: onlyAdmins,
      schema: {
        tags: ['indent'],
        params: IdParams,
        body: ApprovalBody,
        response: { 200: IndentResponse, ...errors },
      },
    },
    async (request) => {
      const auth = requireSignedIn(request);
      const actor = actorOf(auth);
      const body = request.body;
      const indent = await ctx.tx(async (tx) => {
        const stored = await visible(tx, auth, request.params.id, true);
        if (stored.status !== 'approval') throw conflict(INDENT_MESSAGES.notInApproval);
        checkVersion(stored, body.version);
        const lines = await indents.lines(tx, stored.id);
        const options = await optionsFor(
          tx,
          ctx.schema,
          lines.map((l) => l.itemId),
        );
        if (body.pricesVersion !== undefined && body.pricesVersion !== pricesVersion(options))
          throw conflict(INDENT_MESSAGES.pricesChanged);
        const byItem = linesById(lines);
        const given = new Map<string, ApprovalBody['items'][number]>();
        for (const a of body.items) {
          if (!byItem.has(a.itemId.toLowerCase())) throw badRequest(INDENT_MESSAGES.unknownLine);
          given.set(a.itemId.toLowerCase(), a);
        }
        const blockers: string[] = [];
        const locked: Locked[] = [];
        for (const line of lines) {
          const a = given.get(line.itemId);
          const vendorId = a ? a.selectedVendor.toLowerCase() : line.selectedVendor;
          if (!vendorId) {
            blockers.push(INDENT_MESSAGES.blockerNoVendor(line.itemName));
            continue;
          }
          const o = (options.get(line.itemId) ?? []).find((x) => x.vendorId === vendorId);
          if (!o) {
            blockers.push(INDENT_MESSAGES.blockerNoVendor(line.itemName));
            continue;
          }
          // The price the approver saw is the price locked: any other means the prices moved.
          if (a && toPaise(a.price) !== o.pricePaise) throw conflict(INDENT_MESSAGES.pricesChanged);
          // A non-lowest vendor needs a reason: the approver's own, or the purchaser's when their choice is kept.
          const meaningful = (x: string) => x !== '' && x !== INDENT_MESSAGES.lowestSelected;
          const own = (a?.reasonForSelection ?? '').trim();
          const purchaserReason = vendorId === line.selectedVendor ? line.reason.trim() : '';
          if (!o.isLowest && !meaningful(own) && !meaningful(purchaserReason)) {
            blockers.push(INDENT_MESSAGES.blockerReason(line.itemName));
            continue;
          }
          const approverReason = meaningful(own) && own !== purchaserReason ? own : '';
          locked.push({
            line,
            vendorId,
            vendorName: o.vendorName,
            pricePaise: o.pricePaise,
            gstPaise: o.gstPaise,
            approverReason,
          });
        }
        if (blockers.length > 0)
          throw badRequest(`${INDENT_MESSAGES.resolveBlockers(blockers.length)}: ${blockers.join('; ')}`);
        if (locked.length === 0) throw badRequest(INDENT_MESSAGES.items);
        // The approval's event and its audit row are written in one statement.
        const { indent: d } = await approve(
          tx,
          ctx,
          indents,
          stored.id,
          locked,
          actor,
          { requestId: request.id, actorId: auth.memberId },
          true,
        );
        return d;
      });
      return { message: INDENT_MESSAGES.approved, indent };
    },
  );

  r.post(
    '/indent/rework/:id',
    {
      config: { access: APPROVAL },
      preValidation: onlyAdmins,
      schema: {
        tags: ['indent'],
        params: IdParams,
        body: ReworkBody,
        response: { 200: IndentResponse, ...errors },
      },
    },
    async (request) => {
      const auth = requireSignedIn(request);
      const actor = actorOf(auth);
      const comment = request.body.comment.trim();
      if (!comment) throw badRequest(INDENT_MESSAGES.commentRequired);
      const indent = await ctx.tx(async (tx) => {
        const stored = await visible(tx, auth, request.params.id, true);
        if (stored.status !== 'approval') throw conflict(INDENT_MESSAGES.notInApproval);
        checkVersion(stored, request.body.version);
        await tx.query(
          `UPDATE ${ctx.schema}.indents SET status = 'draft', rework_comment = $2, updated_at = now(), version = version + 1 WHERE id = $1`,
          [stored.id, comment],
        );
        await indents.history(tx, stored.id, actor, 'approval', 'draft', comment);
        await ctx.audit(tx, {
          actorId: auth.memberId,
          action: 'indent_sent_back',
          entity: 'indent',
          entityId: stored.id,
          requestId: request.id,
          details: { comment },
        });
        await announceIndent(tx, ctx, stored.id, { requestId: request.id, actorId: auth.memberId });
        return detail(tx, stored.id);
      });
      return { message: INDENT_MESSAGES.sentBack, indent };
    },
  );

  r.put(
    '/indent/fleet/:id',
    {
      config: { access: APPROVAL },
      preValidation: onlyAdmins,
      schema: {
        tags: ['indent'],
        params: IdParams,
        body: FleetBody,
        response: { 200: FleetResponse, ...errors },
      },
    },
    async (request) => {
      const auth = requireSignedIn(request);
      const b = request.body;
      const vendorId = b.vendorId.toLowerCase();
      await ctx.tx(async (tx) => {
        const stored = await visible(tx, auth, request.params.id, true);
        if (stored.status !== 'approval') throw conflict(INDENT_MESSAGES.notInApproval);
        // A vendor the approver can choose on this indent: offered for at least one of its lines.
        const lines = await indents.lines(tx, stored.id);
        const offered = await optionsFor(
          tx,
          ctx.schema,
          lines.map((l) => l.itemId),
        );
        const name = [...offered.values()].flat().find((o) => o.vendorId === vendorId)?.vendorName;
        if (!name) throw badRequest(INDENT_MESSAGES.fleetVendor);
        await tx.query(
          `INSERT INTO ${ctx.schema}.indent_fleet (indent_id, vendor_id, vendor_name, amount_paise, gst_paise, free) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (indent_id, vendor_id) DO UPDATE SET vendor_name = excluded.vendor_name, amount_paise = excluded.amount_paise, gst_paise = excluded.gst_paise, free = excluded.free`,
          [stored.id, vendorId, name, toPaise(b.amount), toPaise(b.gst), b.free],
        );
        await ctx.audit(tx, {
          actorId: auth.memberId,
          action: 'indent_fleet_saved',
          entity: 'indent',
          entityId: stored.id,
          requestId: request.id,
          details: { vendorId, amount: b.amount, gst: b.gst, free: b.free },
        });
      });
      const d = await detail(ctx.db, request.params.id);
      return { message: INDENT_MESSAGES.fleetSaved, fleet: d.fleet };
    },
  );
}
