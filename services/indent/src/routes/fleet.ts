/**
 * Fleet (transport) costs (the designed fleet call, SPEC §9 kept them local): the approver sets one
 * vendor's fleet cost on an indent waiting for approval; the POs carry it.
 */
import type { FastifyInstance } from 'fastify';
import { FleetBody, FleetResponse, IdParams, INDENT_MESSAGES, toPaise } from '@erp/contracts';
import {
  badRequest,
  requireSignedIn,
  type AuthContext,
  type Queryable,
  type TypeBoxTypeProvider,
} from '@erp/service-kit';
import { offeredVendorName } from '../domain/options.js';
import { APPROVAL, detailOf, route, lockedFor, onlyAdmins, optionsOf, type IndentDeps } from './common.js';

/** The vendor's fleet cost saved on the indent, with its audit row. */
async function saveFleetCost(
  deps: IndentDeps,
  tx: Queryable,
  auth: AuthContext,
  request: { id: string; params: IdParams; body: FleetBody },
): Promise<void> {
  const { ctx, indents } = deps;
  const b = request.body;
  const vendorId = b.vendorId.toLowerCase();
  const stored = await lockedFor(deps, tx, auth, request.params.id, 'fleet');
  // A vendor the approver can choose on this indent: offered for at least one of its lines.
  const offered = await optionsOf(deps, tx, await indents.lines(tx, stored.id));
  const name = offeredVendorName(offered, vendorId);
  if (!name) throw badRequest(INDENT_MESSAGES.fleetVendor);
  await indents.saveFleet(tx, stored.id, {
    vendorId,
    vendorName: name,
    amountPaise: toPaise(b.amount),
    gstPaise: toPaise(b.gst),
    free: b.free,
  });
  await ctx.audit(tx, {
    actorId: auth.memberId,
    action: 'indent_fleet_saved',
    entity: 'indent',
    entityId: stored.id,
    requestId: request.id,
    details: { vendorId, amount: b.amount, gst: b.gst, free: b.free },
  });
}

export async function fleetRoutes(app: FastifyInstance, deps: IndentDeps): Promise<void> {
  const { ctx } = deps;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.put(
    '/indent/fleet/:id',
    {
      ...route(APPROVAL, { params: IdParams, body: FleetBody }, { 200: FleetResponse }),
      preValidation: onlyAdmins,
    },
    async (request) => {
      const auth = requireSignedIn(request);
      await ctx.tx((tx) => saveFleetCost(deps, tx, auth, request));
      const d = await detailOf(deps, ctx.db, request.params.id);
      return { message: INDENT_MESSAGES.fleetSaved, fleet: d.fleet };
    },
  );
}
