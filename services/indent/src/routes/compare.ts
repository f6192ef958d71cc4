/**
 * The purchaser's vendor comparison (SPEC §2 "Compare …", §7 /indent/compare): the indent with each
 * line's vendor options, and the choices saved or sent for approval (one transaction: lines,
 * status, history, audit row and erp.indent.upserted.v1 in the outbox).
 */
import type { FastifyInstance } from 'fastify';
import {
  can,
  CompareBody,
  IdParams,
  IndentCompare,
  IndentCompareResponse,
  INDENT_MESSAGES,
} from '@erp/contracts';
import {
  conflict,
  forbidden,
  requireSignedIn,
  type AuthContext,
  type Queryable,
  type TypeBoxTypeProvider,
} from '@erp/service-kit';
import { compareChoices } from '../domain/compare.js';
import { pricesMoved } from '../domain/options.js';
import { comparedMessage } from '../domain/transitions.js';
import { announceIndent } from '../events/indent-upserted.js';
import { saveSelections } from '../repositories/selections.js';
import {
  accepted,
  actorOf,
  COMPARE,
  route,
  lockedFor,
  metaOf,
  onlyPurchasersAndAdmins,
  optionsOf,
  visible,
  withOptions,
  type IndentDeps,
} from './common.js';

/** The choices saved, and sent on for approval when the body says so. */
async function saveComparison(
  deps: IndentDeps,
  tx: Queryable,
  auth: AuthContext,
  request: { id: string; params: IdParams; body: CompareBody },
): Promise<void> {
  const { ctx, indents } = deps;
  const { body } = request;
  const actor = actorOf(auth);
  const stored = await lockedFor(deps, tx, auth, request.params.id, 'compare', body.version);
  const lines = await indents.lines(tx, stored.id);
  const options = await optionsOf(deps, tx, lines);
  if (pricesMoved(options, body.pricesVersion)) throw conflict(INDENT_MESSAGES.pricesChanged);
  const toApproval = body.status === 'approval';
  const chosen = accepted(compareChoices(lines, options, body.items, toApproval));
  // Lines left out have no vendor (SPEC §5: items without a selection are left out of the save).
  await saveSelections(tx, ctx.schema, stored.id, indents, lines, chosen);
  if (toApproval) {
    await indents.markSentForApproval(tx, stored.id, actor);
    await indents.history(tx, stored.id, actor, 'compare', 'approval');
  } else {
    await indents.touch(tx, stored.id);
  }
  await ctx.audit(tx, {
    actorId: auth.memberId,
    action: toApproval ? 'indent_sent_for_approval' : 'indent_selections_saved',
    entity: 'indent',
    entityId: stored.id,
    requestId: request.id,
    details: { chosen: chosen.size },
  });
  await announceIndent(tx, ctx, stored.id, metaOf(request, auth));
}

export async function compareRoutes(app: FastifyInstance, deps: IndentDeps): Promise<void> {
  const { ctx } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/indent/compare/:id',
    // Compare read or Approval read (the approval review reads it too): checked here, listed in the security suite's UNDECLARED.
    route(null, { params: IdParams }, { 200: IndentCompare }),
    async (request) => {
      const auth = requireSignedIn(request);
      if (!can(auth, 'indent', 'compare', 'read') && !can(auth, 'indent', 'approval', 'read'))
        throw forbidden('You do not have read access to Compare');
      const i = await visible(deps, ctx.db, auth, request.params.id);
      return (await withOptions(deps, ctx.db, i.id)).indent;
    },
  );

  r.post(
    '/indent/compare/:id',
    {
      ...route(COMPARE, { params: IdParams, body: CompareBody }, { 200: IndentCompareResponse }),
      preValidation: onlyPurchasersAndAdmins,
    },
    async (request) => {
      const auth = requireSignedIn(request);
      await ctx.tx((tx) => saveComparison(deps, tx, auth, request));
      const { indent } = await withOptions(deps, ctx.db, request.params.id);
      return { message: comparedMessage(request.body.status), indent };
    },
  );
}
