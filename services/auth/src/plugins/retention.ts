import { deleteExpired, type Database } from '@erp/service-kit';

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
  const expired = (table: string, older: string, days: number) =>
    deleteExpired(db, `${schema}.${table}`, 'id', older, days, stopped);
  const ended = (at: string) =>
    `${at} < now() - make_interval(days => $1) OR expires_at < now() - make_interval(days => $1)`;
  const codes = await expired('otp_codes', ended('consumed_at'), r.signInRetentionDays);
  const requests = await expired(
    'otp_requests',
    'requested_at < now() - make_interval(days => $1)',
    r.signInRetentionDays,
  );
  const sessions = await expired('sessions', ended('revoked_at'), r.sessionRetentionDays);
  return { codes, requests, sessions };
}
