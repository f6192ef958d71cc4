import type { Queryable } from './db/types.js';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  requestId?: string | undefined;
  details?: Record<string, unknown>;
}

/** Append to the service's audit log inside the transaction of the change it records. */
export async function appendAudit(tx: Queryable, schema: string, entry: AuditEntry): Promise<void> {
  await tx.query(
    `INSERT INTO ${schema}.audit_log (actor_id, action, entity, entity_id, request_id, details) VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
    [entry.actorId, entry.action, entry.entity, entry.entityId, entry.requestId ?? null, JSON.stringify(entry.details ?? {})],
  );
}
