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
  {
    version: 3,
    name: 'access_sessions',
    sql: `
      -- Live sessions replicated from auth (session_started, members snapshot): a token is honoured
      -- only for a session auth started for that member. Expired rows are pruned.
      CREATE TABLE {{schema}}.access_sessions (
        session_id uuid PRIMARY KEY,
        member_id uuid NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX access_sessions_expiry ON {{schema}}.access_sessions (expires_at);
      CREATE INDEX revoked_sessions_expiry ON {{schema}}.revoked_sessions (expires_at);
    `,
  },
  // Dead letters and retention (consumers.ts, dead-letters.ts, retention.ts).
  {
    version: 4,
    name: 'consumer_failures_dead_letters',
    sql: `
      -- An event whose consumer failed: its attempts so far and when to try again (kept across
      -- redeliveries and restarts; the row goes when the event is handled or dead-lettered).
      CREATE TABLE {{schema}}.consumer_failures (
        consumer text NOT NULL,
        event_id uuid NOT NULL,
        subject text NOT NULL,
        envelope jsonb NOT NULL,
        attempts integer NOT NULL,
        last_error text NOT NULL,
        first_failed_at timestamptz NOT NULL DEFAULT now(),
        last_failed_at timestamptz NOT NULL DEFAULT now(),
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        claimed_until timestamptz,
        PRIMARY KEY (consumer, event_id)
      );
      CREATE INDEX consumer_failures_due ON {{schema}}.consumer_failures (next_attempt_at);
      -- Events a consumer gave up on: failed EVENT_MAX_ATTEMPTS times, or not valid against the
      -- contract. Replayed with npm run events:replay (replayed_at set; pruned later).
      CREATE TABLE {{schema}}.dead_letters (
        consumer text NOT NULL,
        event_id text NOT NULL,
        subject text NOT NULL,
        envelope jsonb NOT NULL,
        reason text NOT NULL CHECK (reason IN ('failed', 'invalid')),
        last_error text NOT NULL,
        attempts integer NOT NULL,
        dead_at timestamptz NOT NULL DEFAULT now(),
        replayed_at timestamptz,
        replays integer NOT NULL DEFAULT 0,
        PRIMARY KEY (consumer, event_id)
      );
      CREATE INDEX dead_letters_waiting ON {{schema}}.dead_letters (dead_at) WHERE replayed_at IS NULL;
      -- Retention: published outbox rows and old inbox rows are pruned by age.
      CREATE INDEX outbox_published_at ON {{schema}}.outbox (published_at) WHERE published_at IS NOT NULL;
      CREATE INDEX inbox_handled_at ON {{schema}}.inbox (handled_at);
    `,
  },
  {
    version: 5,
    name: 'access_members_email',
    sql: `
      -- The member's email from auth's events (services that list members show it); '' until known.
      ALTER TABLE {{schema}}.access_members ADD COLUMN email text NOT NULL DEFAULT '';
    `,
  },
];
