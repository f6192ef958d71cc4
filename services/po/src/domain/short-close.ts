/**
 * An Admin's short-close (SPEC §2 "PO details"): what is pending on every line is cancelled and the
 * PO closes, with a reason. Refused for a PO already Closed, and for one changed since the Admin
 * opened it (the version they saw, when they sent one).
 */
import { PO_MESSAGES, type PoStatus } from '@erp/contracts';
import { badRequest, conflict } from '@erp/service-kit';

/** The reason as kept (trimmed); an empty one is 400. */
export function shortCloseReason(reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed) throw badRequest(PO_MESSAGES.shortCloseReason);
  return trimmed;
}

/** Throws 409 when the PO (as locked) may not be short-closed: changed since `seenVersion`, or Closed. */
export function checkShortClose(
  po: { version: number; status: PoStatus },
  seenVersion: number | undefined,
): void {
  if (seenVersion !== undefined && seenVersion !== po.version)
    throw conflict(
      'This purchase order was changed by someone else since you opened it. Reload it and try again.',
    );
  if (po.status === 'Closed') throw conflict(PO_MESSAGES.closed);
}
