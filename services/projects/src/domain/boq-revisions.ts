/**
 * The revisions of a BOQ number (decision 0016): only a draft is edited or deleted, only a confirmed
 * revision is revised, a number has at most one draft and one confirmed revision (confirming a draft
 * supersedes the confirmed one into history), and a revision stays with its BOQ's project.
 */
import { BOQ_MESSAGES, type BoqRevisionRef, type BoqStatus } from '@erp/contracts';
import { badRequest, conflict } from '@erp/service-kit';

export const BOQ_STALE =
  'This BOQ was changed by someone else. Reload to see the latest details, then make your change again.';
export const REVISION_PROJECT = 'A revision stays with the project of its BOQ';

interface Revision {
  status: BoqStatus;
  version: number;
  revision: number;
}

/** A draft edited at the version the form was loaded at (409 otherwise). */
export function assertEditableDraft(stored: Revision, version: number | undefined): void {
  if (stored.status !== 'draft') throw conflict(BOQ_MESSAGES.notDraft);
  if (version !== undefined && version !== stored.version) throw conflict(BOQ_STALE);
}

/** Only a draft is deleted (409 otherwise). */
export function assertDeletable(stored: Revision): void {
  if (stored.status !== 'draft') throw conflict(BOQ_MESSAGES.deleteNotDraft);
}

/** Only a confirmed revision is revised (409 otherwise). */
export function assertRevisable(stored: Revision): void {
  if (stored.status !== 'confirmed') throw conflict(BOQ_MESSAGES.reviseNotConfirmed);
}

/** Moving a BOQ to another project: only its first revision may (400 otherwise). */
export function assertMayMoveProject(stored: Revision): void {
  if (stored.revision > 1) throw badRequest(REVISION_PROJECT);
}

/** The confirmed revision that confirming `id` supersedes, if the number has one. */
export function supersededBy<R extends Pick<BoqRevisionRef, '_id' | 'status'>>(
  revisions: R[],
  id: string,
): R | undefined {
  return revisions.find((x) => x.status === 'confirmed' && x._id !== id);
}

/** The number's draft revision, if it has one (revising again opens it). */
export function openDraft<R extends Pick<BoqRevisionRef, 'status'>>(revisions: R[]): R | undefined {
  return revisions.find((x) => x.status === 'draft');
}
