/**
 * An indent's status transitions (SPEC §2 "Indent …", "Compare …", "Approval …"): a draft is
 * edited and sent for comparison, the purchaser's comparison is sent for approval, the Admin
 * approves or sends it back to draft. Each change needs its status and, when the caller names the
 * version they read, that version: anything else is refused (409) before the change is made.
 */
import { INDENT_MESSAGES, INDENT_STATUS_LABELS, type IndentStatus } from '@erp/contracts';

/** Why a rule refuses what was asked: a request that cannot be valid (400), or one made against another state (409). */
export class Refusal {
  constructor(
    readonly kind: 'invalid' | 'conflict',
    readonly message: string,
  ) {}
}

export const invalid = (message: string): Refusal => new Refusal('invalid', message);
export const conflicting = (message: string): Refusal => new Refusal('conflict', message);

/** The changes made to an existing indent. */
export type IndentChange = 'edit' | 'compare' | 'approve' | 'rework' | 'fleet';

/** The status each change needs. */
export const REQUIRED_STATUS: Readonly<Record<IndentChange, IndentStatus>> = {
  edit: 'draft',
  compare: 'compare',
  approve: 'approval',
  rework: 'approval',
  fleet: 'approval',
};

function wrongStatus(change: IndentChange, status: IndentStatus): Refusal {
  if (change === 'edit') return conflicting(INDENT_MESSAGES.notDraft(INDENT_STATUS_LABELS[status]));
  if (change === 'compare') return conflicting(INDENT_MESSAGES.notInCompare);
  return conflicting(INDENT_MESSAGES.notInApproval);
}

/**
 * Why `change` cannot be made to the indent as stored, or null when it can: its status first, then
 * the version the caller read (none named: not checked).
 */
export function changeRefusal(
  change: IndentChange,
  indent: { status: IndentStatus; version: number },
  version?: number,
): Refusal | null {
  if (indent.status !== REQUIRED_STATUS[change]) return wrongStatus(change, indent.status);
  if (version !== undefined && version !== indent.version) return conflicting(INDENT_MESSAGES.stale);
  return null;
}

/** The history entry of a draft saved with the status `to`: none while it stays a draft. */
export function editTransition(to: IndentStatus): { from: IndentStatus; to: IndentStatus } | null {
  return to === 'draft' ? null : { from: 'draft', to };
}

/** The answer's message when an indent is raised: sent for comparison, or kept as a draft. */
export const createdMessage = (status: IndentStatus): string =>
  status === 'compare' ? INDENT_MESSAGES.added : INDENT_MESSAGES.draftSaved;

/** The answer's message when a draft is saved again. */
export const editedMessage = (status: IndentStatus): string =>
  status === 'compare' ? INDENT_MESSAGES.sentForComparison : INDENT_MESSAGES.draftSaved;

/** The answer's message when the purchaser's choices are saved or sent on. */
export const comparedMessage = (status: IndentStatus): string =>
  status === 'approval' ? INDENT_MESSAGES.sentForApproval : INDENT_MESSAGES.saved;
