/**
 * What the indent routes share (SPEC §7 /indent, and the designed update, rework and fleet calls).
 * Access: Indent List read to see, Create Indent write to raise and edit drafts (within the member's
 * projects), Compare write and the Purchaser or Admin role to choose vendors, Approval write and the
 * Admin role to approve, send back or set fleet costs. An indent outside an Employee's projects
 * answers 404. Each change is one transaction with its history entry.
 */
import type { FastifyRequest } from 'fastify';
import { canAccessProject, INDENT_MESSAGES, type Indent, type IndentCompare } from '@erp/contracts';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  requireSignedIn,
  type AnswersCache,
  type AuthContext,
  type EventMeta,
  type Queryable,
  type ServiceContext,
  COMMON_ERRORS,
  routesOf,
} from '@erp/service-kit';
import { pricesVersion, toVendorOption, type OptionsByItem } from '../domain/options.js';
import { changeRefusal, Refusal, type IndentChange } from '../domain/transitions.js';
import type { Actor, IndentRepository, StoredIndent } from '../repositories/indents.js';
import { optionsFor } from '../repositories/options.js';

export const route = routesOf('indent', COMMON_ERRORS);

export const LIST = { module: 'indent', sub: 'list', level: 'read' } as const;
export const CREATE = { module: 'indent', sub: 'create', level: 'write' } as const;
export const COMPARE = { module: 'indent', sub: 'compare', level: 'write' } as const;
export const APPROVAL = { module: 'indent', sub: 'approval', level: 'write' } as const;

export const PROJECT_NOT_FOUND = 'Project not found';
export const COMPARE_ROLE = 'Only a Purchaser or an Admin chooses vendors';
export const APPROVAL_ROLE = 'Only an Admin approves or sends back indents';

export interface IndentDeps {
  ctx: ServiceContext;
  indents: IndentRepository;
  /** Kept list answers (decision 0021). */
  answers: AnswersCache;
}

export const actorOf = (auth: AuthContext): Actor => ({ id: auth.memberId, name: auth.name });

/** The request and member an event or audit row records. */
export const metaOf = (request: { id: string }, auth: AuthContext): EventMeta => ({
  requestId: request.id,
  actorId: auth.memberId,
});

/**
 * The role a route needs besides its module permission (decision 0020), checked before the body is
 * validated, as the declared access is: a member the role refuses is told so whatever they sent.
 */
function roleGate(roles: readonly string[], message: string) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!roles.includes(requireSignedIn(request).role)) throw forbidden(message);
  };
}
export const onlyPurchasersAndAdmins = roleGate(['Purchaser', 'Admin'], COMPARE_ROLE);
export const onlyAdmins = roleGate(['Admin'], APPROVAL_ROLE);

/** A domain rule's refusal as the HTTP error: 409 for a conflict, else 400. */
const refused = (r: Refusal): Error => (r.kind === 'conflict' ? conflict(r.message) : badRequest(r.message));

/** What a domain rule accepted, or its refusal as the HTTP error. */
export function accepted<T>(outcome: T | Refusal): T {
  if (outcome instanceof Refusal) throw refused(outcome);
  return outcome;
}

/** The indent if it exists and the caller may see it (their project); 404 otherwise. */
export async function visible(
  { indents }: IndentDeps,
  db: Queryable,
  auth: AuthContext,
  id: string,
  lock = false,
): Promise<StoredIndent> {
  const i = await indents.stored(db, id, lock);
  if (!i || !canAccessProject(auth, i.projectId)) throw notFound(INDENT_MESSAGES.notFound);
  return i;
}

/** The visible indent, locked for `change`: refused (409) unless its status and the version read allow it. */
export async function lockedFor(
  deps: IndentDeps,
  tx: Queryable,
  auth: AuthContext,
  id: string,
  change: IndentChange,
  version?: number,
): Promise<StoredIndent> {
  const stored = await visible(deps, tx, auth, id, true);
  const refusal = changeRefusal(change, stored, version);
  if (refusal) throw refused(refusal);
  return stored;
}

export async function detailOf({ indents }: IndentDeps, db: Queryable, id: string): Promise<Indent> {
  const d = await indents.detail(db, id);
  if (!d) throw notFound(INDENT_MESSAGES.notFound);
  return d;
}

/** The vendor options in force for the indent's lines, from the replicas. */
export async function optionsOf(
  { ctx }: IndentDeps,
  db: Queryable,
  lines: ReadonlyArray<{ itemId: string }>,
): Promise<OptionsByItem> {
  return optionsFor(
    db,
    ctx.schema,
    lines.map((l) => l.itemId),
  );
}

/** The indent with each line's vendor options in force and their fingerprint. */
export async function withOptions(
  deps: IndentDeps,
  db: Queryable,
  id: string,
): Promise<{ indent: IndentCompare; options: OptionsByItem }> {
  const d = await detailOf(deps, db, id);
  const options = await optionsOf(deps, db, d.items);
  return {
    indent: {
      ...d,
      items: d.items.map((l) => ({ ...l, vendors: (options.get(l.itemId) ?? []).map(toVendorOption) })),
      pricesVersion: pricesVersion(options),
    },
    options,
  };
}
