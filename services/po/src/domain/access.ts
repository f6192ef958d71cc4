/**
 * Who sees which POs (SPEC §6 "Purchase Orders", decision 0023): PO List read sees every PO of the
 * member's projects; Open POs read alone (the receiving list, /po/open) sees the active ones only.
 * What a rule here refuses is answered as a PO that does not exist, or 403 for a list asked for.
 */
import { can, canAccessProject, hasAllProjects, PO_STATUSES, type PoStatus } from '@erp/contracts';
import { forbidden, isUuid, type AuthContext } from '@erp/service-kit';

/** The Open POs list's statuses (SPEC §2 /po/open): what 'active' asks for. */
export const ACTIVE: PoStatus[] = ['Open', 'Partial'];

/** A PO's page is reached from the PO list and from the Open POs list (receiving): either read opens it. */
export function mayReadPos(auth: AuthContext): boolean {
  return can(auth, 'po', 'list', 'read') || can(auth, 'po', 'open', 'read');
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
export function projectScope(auth: AuthContext): string[] | null {
  return hasAllProjects(auth)
    ? null
    : auth.permissions.projects.map((p) => p.toLowerCase()).filter((p) => isUuid(p));
}

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
export function visibleStatuses(auth: AuthContext, asked: PoStatus[] | null): PoStatus[] | null {
  if (can(auth, 'po', 'list', 'read')) return asked;
  if (asked === null) return ACTIVE;
  if (asked.includes('Closed')) throw forbidden('You do not have read access to PO List');
  return asked;
}
