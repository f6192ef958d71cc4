/**
 * The Admin's approval (SPEC §2 "Approval …", §7 /indent/approval, and the designed rework call):
 * approve with the unit prices locked, which writes erp.indent.approved.v1 to the outbox in the
 * same transaction (the PO service makes the POs), or send the indent back to its creator as a draft.
 */
import type { FastifyInstance } from 'fastify';
import { ApprovalBody, IdParams, IndentResponse, INDENT_MESSAGES, ReworkBody } from '@erp/contracts';
import {
  badRequest,
  conflict,
  requireSignedIn,
  type AuthContext,
  type Queryable,
  type TypeBoxTypeProvider,
} from '@erp/service-kit';
import { approvalDecision } from '../domain/approval.js';
import { pricesMoved } from '../domain/options.js';
import { approve } from '../events/indent-approved.js';
import { announceIndent } from '../events/indent-upserted.js';
import {
  accepted,
  actorOf,
  APPROVAL,
  detailOf,
  route,
  lockedFor,
  metaOf,
  onlyAdmins,
  optionsOf,
  type IndentDeps,
} from './common.js';

/** The indent approved at the prices the approver saw, with its event and audit row. */
async function approveIndent(
  deps: IndentDeps,
  tx: Queryable,
  auth: AuthContext,
  request: { id: string; params: IdParams; body: ApprovalBody },
) {
  const { ctx, indents } = deps;
  const { body } = request;
  const stored = await lockedFor(deps, tx, auth, request.params.id, 'approve', body.version);
  const lines = await indents.lines(tx, stored.id);
  const options = await optionsOf(deps, tx, lines);
  if (pricesMoved(options, body.pricesVersion)) throw conflict(INDENT_MESSAGES.pricesChanged);
  const locked = accepted(approvalDecision(lines, options, body.items));
  // The approval's event and its audit row are written in one statement.
  const { indent } = await approve(
    tx,
    ctx,
    indents,
    stored.id,
    locked,
    actorOf(auth),
    metaOf(request, auth),
    true,
  );
  return indent;
}

/** The indent back to draft with the Admin's comment, its history, audit row and event. */
async function sendBack(
  deps: IndentDeps,
  tx: Queryable,
  auth: AuthContext,
  request: { id: string; params: IdParams; body: ReworkBody },
  comment: string,
) {
  const { ctx, indents } = deps;
  const stored = await lockedFor(deps, tx, auth, request.params.id, 'rework', request.body.version);
  await indents.markSentBack(tx, stored.id, comment);
  await indents.history(tx, stored.id, actorOf(auth), 'approval', 'draft', comment);
  await ctx.audit(tx, {
    actorId: auth.memberId,
    action: 'indent_sent_back',
    entity: 'indent',
    entityId: stored.id,
    requestId: request.id,
    details: { comment },
  });
  await announceIndent(tx, ctx, stored.id, metaOf(request, auth));
  return detailOf(deps, tx, stored.id);
}

export async function approvalRoutes(app: FastifyInstance, deps: IndentDeps): Promise<void> {
  const { ctx } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/indent/approval/:id',
    {
      ...route(APPROVAL, { params: IdParams, body: ApprovalBody }, { 200: IndentResponse }),
      preValidation: onlyAdmins,
    },
    async (request) => {
      const auth = requireSignedIn(request);
      const indent = await ctx.tx((tx) => approveIndent(deps, tx, auth, request));
      return { message: INDENT_MESSAGES.approved, indent };
    },
  );

  r.post(
    '/indent/rework/:id',
    {
      ...route(APPROVAL, { params: IdParams, body: ReworkBody }, { 200: IndentResponse }),
      preValidation: onlyAdmins,
    },
    async (request) => {
      const auth = requireSignedIn(request);
      const comment = request.body.comment.trim();
      if (!comment) throw badRequest(INDENT_MESSAGES.commentRequired);
      const indent = await ctx.tx((tx) => sendBack(deps, tx, auth, request, comment));
      return { message: INDENT_MESSAGES.sentBack, indent };
    },
  );
}
