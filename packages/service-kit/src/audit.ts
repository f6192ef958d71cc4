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
export async function appendAudit(tx: Queryable, schema: string, entry: AuditEntry | readonly AuditEntry[]): Promise<void> {
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
  await tx.query(
    `INSERT INTO ${schema}.audit_log (actor_id, action, entity, entity_id, request_id, details)
     SELECT actor_id, action, entity, entity_id, request_id, details
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[]) WITH ORDINALITY AS a(actor_id, action, entity, entity_id, request_id, details, ord)
      ORDER BY ord`,
    [
      entries.map((e) => e.actorId),
      entries.map((e) => e.action),
      entries.map((e) => e.entity),
      entries.map((e) => e.entityId),
      entries.map((e) => e.requestId ?? null),
      entries.map((e) => JSON.stringify(e.details ?? {})),
    ],
  );
}
