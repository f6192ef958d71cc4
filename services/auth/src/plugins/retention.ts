import { deleteInBatches, type Database } from '@erp/service-kit';

export interface SignInRetention {
  /** Used or expired codes and code requests are kept this long (audit of sign-in attempts). */
  signInRetentionDays: number;
  /** Ended sessions (revoked or expired) are kept this long. */
  sessionRetentionDays: number;
}

/**
 * Auth's share of the periodic pruning (ServiceDefinition.prune): codes that were used or expired,
 * code requests (the hourly limits look back one hour only), and sessions that ended, once they
 * are older than their retention. A live code or session is never touched.
 */
export async function pruneSignIns(
  db: Database,
  schema: string,
  r: SignInRetention,
  stopped: () => boolean = () => false,
) {
  const codes = await deleteInBatches(
    db,
    `DELETE FROM ${schema}.otp_codes WHERE id IN (
       SELECT id FROM ${schema}.otp_codes
        WHERE consumed_at < now() - make_interval(days => $1) OR expires_at < now() - make_interval(days => $1) LIMIT $2)`,
    [r.signInRetentionDays],
    stopped,
  );
  const requests = await deleteInBatches(
    db,
    `DELETE FROM ${schema}.otp_requests WHERE id IN (
       SELECT id FROM ${schema}.otp_requests WHERE requested_at < now() - make_interval(days => $1) LIMIT $2)`,
    [r.signInRetentionDays],
    stopped,
  );
  const sessions = await deleteInBatches(
    db,
    `DELETE FROM ${schema}.sessions WHERE id IN (
       SELECT id FROM ${schema}.sessions
        WHERE revoked_at < now() - make_interval(days => $1) OR expires_at < now() - make_interval(days => $1) LIMIT $2)`,
    [r.sessionRetentionDays],
    stopped,
  );
  return { codes, requests, sessions };
}
