/** One-time codes and the code requests the hourly limits count (otp_codes, otp_requests). */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '@erp/service-kit';

/**
 * One request per number (and per address) at a time, so parallel calls cannot all pass the
 * counts before any of them is written. Class 1 numbers, class 2 addresses.
 */
export async function lockRequester(tx: Queryable, phoneNumber: string, ip: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(1, hashtext($1)), pg_advisory_xact_lock(2, hashtext($2))`, [
    phoneNumber,
    ip,
  ]);
}

/** The number's code requests in the last hour, and when the latest was made. */
export async function requestsForNumber(
  schema: string,
  tx: Queryable,
  phoneNumber: string,
): Promise<{ n: number; last: Date | null }> {
  const res = await tx.query<{ n: number; last: Date | null }>(
    `SELECT count(*)::int AS n, max(requested_at) AS last FROM ${schema}.otp_requests
      WHERE phone_number = $1 AND requested_at > now() - interval '1 hour'`,
    [phoneNumber],
  );
  return res.rows[0]!;
}

/** The address's code requests in the last hour. */
export async function requestsFromIp(schema: string, tx: Queryable, ip: string): Promise<number> {
  const res = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${schema}.otp_requests WHERE ip = $1 AND requested_at > now() - interval '1 hour'`,
    [ip],
  );
  return res.rows[0]!.n;
}

export async function recordRequest(
  schema: string,
  tx: Queryable,
  phoneNumber: string,
  ip: string,
): Promise<void> {
  await tx.query(`INSERT INTO ${schema}.otp_requests (phone_number, ip) VALUES ($1, $2)`, [phoneNumber, ip]);
}

/** The number's open codes used up, and a new one stored (its hash only) for `ttlSeconds`. */
export async function replaceCode(
  schema: string,
  tx: Queryable,
  phoneNumber: string,
  codeHash: string,
  ttlSeconds: number,
): Promise<void> {
  await tx.query(
    `UPDATE ${schema}.otp_codes SET consumed_at = now() WHERE phone_number = $1 AND consumed_at IS NULL`,
    [phoneNumber],
  );
  await tx.query(
    `INSERT INTO ${schema}.otp_codes (id, phone_number, code_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [randomUUID(), phoneNumber, codeHash, ttlSeconds],
  );
}

export interface TriedCode {
  id: string;
  code_hash: string;
  expires_at: Date;
  attempts: number;
  consumed_at: Date | null;
}

/** The number's latest open code with this try counted, atomically (parallel guesses cannot pass the limit). */
export async function countTry(
  schema: string,
  db: Queryable,
  phoneNumber: string,
): Promise<TriedCode | null> {
  const tried = await db.query<TriedCode>(
    `UPDATE ${schema}.otp_codes SET attempts = attempts + 1
      WHERE id = (SELECT id FROM ${schema}.otp_codes WHERE phone_number = $1 AND consumed_at IS NULL ORDER BY created_at DESC LIMIT 1)
      RETURNING id, code_hash, expires_at, attempts, consumed_at`,
    [phoneNumber],
  );
  return tried.rows[0] ?? null;
}

/** A code locked out (used up without signing in). */
export async function consumeCode(schema: string, db: Queryable, id: string): Promise<void> {
  await db.query(`UPDATE ${schema}.otp_codes SET consumed_at = now() WHERE id = $1`, [id]);
}

/** A code used to sign in; false when another request used it first. */
export async function useCode(schema: string, tx: Queryable, id: string): Promise<boolean> {
  const used = await tx.query(
    `UPDATE ${schema}.otp_codes SET consumed_at = now() WHERE id = $1 AND consumed_at IS NULL RETURNING id`,
    [id],
  );
  return used.rows.length > 0;
}
