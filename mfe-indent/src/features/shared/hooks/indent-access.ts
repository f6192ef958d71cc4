/**
 * Who may do what with an indent, as the screens show it (SPEC §2 "Indent detail" row actions, §6).
 * The indent service decides for itself; these only keep buttons that would be refused off the screen.
 */
import { can, isAdmin, type IndentStatus, type Member } from '@erp/contracts';

type Who = Pick<Member, '_id' | 'role' | 'permissions'>;
interface IndentRef {
  status: IndentStatus;
  createdBy: { _id: string } | null;
}

/** May see the indent list and an indent's page. */
export const canReadIndents = (user: Who): boolean => can(user, 'indent', 'list', 'read');

/** May raise indents (Create Indent write). */
export const canCreateIndents = (user: Who): boolean => can(user, 'indent', 'create', 'write');

/** May open the edit form at all (Create Indent or Indent List write). */
export const canWriteIndents = (user: Who): boolean =>
  canCreateIndents(user) || can(user, 'indent', 'list', 'write');

/** A draft, by the member who raised it (an Admin may edit any): 'Edit' on the detail, 'Open' in the list. */
export function canEditIndent(user: Who, indent: IndentRef): boolean {
  return (
    indent.status === 'draft' &&
    canWriteIndents(user) &&
    (isAdmin(user) || indent.createdBy?._id === user._id)
  );
}

/** Waiting for comparison, and the member compares (a Purchaser): 'Compare'. */
export function canCompareIndent(user: Who, indent: Pick<IndentRef, 'status'>): boolean {
  return indent.status === 'compare' && can(user, 'indent', 'compare', 'write');
}

/** Waiting for approval, and the member approves (an Admin): 'Review'. */
export function canReviewIndent(user: Who, indent: Pick<IndentRef, 'status'>): boolean {
  return indent.status === 'approval' && can(user, 'indent', 'approval', 'write');
}

/** May record goods receipts (Open POs write): 'Receive' on a PO that is not closed. */
export const canReceivePos = (user: Who): boolean => can(user, 'po', 'open', 'write');
