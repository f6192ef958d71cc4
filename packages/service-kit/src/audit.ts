import type { Queryable } from './db/types.js';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  requestId?: string | undefined;
  details?: Record<string, unknown>;
}

/** Append to the service's audit log inside the transaction of the change it records (several entries: one statement, in order). */
export async function appendAudit(
  tx: Queryable,
  schema: string,
  entry: AuditEntry | readonly AuditEntry[],
): Promise<void> {
  const entries: readonly AuditEntry[] = Array.isArray(entry) ? entry : [entry as AuditEntry];
  if (entries.length === 0) return;
  if (entries.length === 1) {
    const e = entries[0]!;
    await tx.query(
      `INSERT INTO ${schema}.audit_log (actor_id, action, entity, entity_id, request_id, details) VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
      [e.actorId, e.action, e.entity, e.entityId, e.requestId ?? null, JSON.stringify(e.details ?? {})],
    );
    return;
  }
  await tx.query(auditInsert(schema, 1), auditParams(entries));
}

/** The statement that appends audit rows from six array parameters, the first numbered `first`. */
export function auditInsert(schema: string, first: number): string {
  const p = (k: number) => `$${first + k}`;
  return `INSERT INTO ${schema}.audit_log (actor_id, action, entity, entity_id, request_id, details)
     SELECT actor_id, action, entity, entity_id, request_id, details
       FROM unnest(${p(0)}::uuid[], ${p(1)}::text[], ${p(2)}::text[], ${p(3)}::text[], ${p(4)}::text[], ${p(5)}::jsonb[]) WITH ORDINALITY AS a(actor_id, action, entity, entity_id, request_id, details, ord)
      ORDER BY ord`;
}

/** The six array parameters of `auditInsert`. */
export function auditParams(entries: readonly AuditEntry[]): unknown[] {
  return [
    entries.map((e) => e.actorId),
    entries.map((e) => e.action),
    entries.map((e) => e.entity),
    entries.map((e) => e.entityId),
    entries.map((e) => e.requestId ?? null),
    entries.map((e) => JSON.stringify(e.details ?? {})),
  ];
}
