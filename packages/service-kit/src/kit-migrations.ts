import type { Migration } from './db/migrate.js';

/** Tables every service has in its own schema: outbox, inbox and audit log. */
export const KIT_MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'outbox_inbox_audit',
    sql: `
      CREATE TABLE {{schema}}.outbox (
        seq bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        subject text NOT NULL,
        envelope jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        claimed_until timestamptz,
        last_error text
      );
      CREATE INDEX outbox_pending ON {{schema}}.outbox (seq) WHERE published_at IS NULL;
      CREATE TABLE {{schema}}.inbox (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        subject text NOT NULL,
        handled_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (consumer, event_id)
      );
      CREATE TABLE {{schema}}.audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        actor_id uuid,
        action text NOT NULL,
        entity text NOT NULL,
        entity_id text,
        request_id text,
        details jsonb NOT NULL DEFAULT '{}'::jsonb
      );
      CREATE INDEX audit_log_entity ON {{schema}}.audit_log (entity, entity_id);
    `,
  },
  {
    version: 2,
    name: 'access_replica',
    sql: `
      -- Services other than auth authorise from a replica of auth's members and ended sessions.
      CREATE TABLE {{schema}}.access_members (
        member_id uuid PRIMARY KEY,
        name text NOT NULL,
        role text NOT NULL,
        status text NOT NULL,
        permissions jsonb NOT NULL,
        version integer NOT NULL
      );
      CREATE TABLE {{schema}}.revoked_sessions (
        session_id uuid PRIMARY KEY,
        member_id uuid NOT NULL,
        expires_at timestamptz NOT NULL
      );
    `,
  },
];
