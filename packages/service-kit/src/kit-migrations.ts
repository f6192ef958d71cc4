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
  {
    version: 6,
    name: 'list_generation',
    sql: `
      -- The generation of the data a service's kept answers are built from (decision 0019): the sum
      -- of weight over list_changes, as a snapshot sees it. Every statement that writes a watched
      -- table adds a row of weight 1 in its own transaction (watch_list_changes installs the
      -- statement triggers), so the sum a snapshot sees grows with each transaction it sees commit,
      -- and since a later snapshot sees every commit an earlier one saw, two snapshots that see the
      -- same sum see the same data. Inserts never wait on each other. Every 200th row folds the
      -- committed rows into one of the same total weight (one folder at a time), so the table stays
      -- small. The projects service made these in its migration 005; a new schema gets them here,
      -- first, and that migration then only adds its triggers.
      CREATE TABLE IF NOT EXISTS {{schema}}.list_changes (
        id bigserial PRIMARY KEY,
        weight bigint NOT NULL DEFAULT 1
      );
      INSERT INTO {{schema}}.list_changes (weight) SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM {{schema}}.list_changes);

      CREATE OR REPLACE FUNCTION {{schema}}.list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        added bigint;
        folded bigint;
      BEGIN
        INSERT INTO {{schema}}.list_changes (weight) VALUES (1) RETURNING id INTO added;
        IF added % 200 = 0 AND pg_try_advisory_xact_lock(hashtext('{{schema}}.list_changes')) THEN
          -- Only rows this transaction could delete are folded: their weights move to one new row.
          WITH gone AS (DELETE FROM {{schema}}.list_changes WHERE id < added RETURNING weight)
          SELECT sum(weight) INTO folded FROM gone;
          IF folded IS NOT NULL THEN
            INSERT INTO {{schema}}.list_changes (weight) VALUES (folded);
          END IF;
        END IF;
        RETURN NULL;
      END
      $$;

      -- A service's migration names the tables its kept answers are built from.
      CREATE FUNCTION {{schema}}.watch_list_changes(sources text[]) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        source text;
      BEGIN
        FOREACH source IN ARRAY sources LOOP
          EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON {{schema}}.%I FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.list_changed()',
                         source || '_list_changed', source);
        END LOOP;
      END
      $$;

      -- Answers built as JSON text by PostgreSQL write numbers and times as the services' Node code
      -- does: hundredths (quantities, paise) as JSON numbers with integer operations (1250 -> 12.5,
      -- -50 -> -0.5: the text JSON.stringify(n / 100) writes, exact below 10^15), and times as
      -- Date.toISOString writes them (UTC, milliseconds).
      CREATE OR REPLACE FUNCTION {{schema}}.json_hundredths(n bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE WHEN n < 0 THEN '-' ELSE '' END || (abs(n) / 100)::text
               || CASE WHEN abs(n) % 100 = 0 THEN '' WHEN abs(n) % 10 = 0 THEN '.' || (abs(n) % 100 / 10)::text
                       ELSE '.' || lpad((abs(n) % 100)::text, 2, '0') END
      $$;
      -- STABLE as to_char is: so declared, PostgreSQL inlines it (an IMMUTABLE wrapper of a STABLE
      -- call is run as a function call per row, several times slower).
      CREATE FUNCTION {{schema}}.json_time(t timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
        SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      $$;
    `,
  },
  {
    version: 7,
    name: 'kept_counts',
    sql: `
      -- Counts kept per project and status, written without waits (issue 14). A table counted so gets
      -- a table of deltas: every row it gains, loses or moves between statuses or projects adds rows
      -- of +1 or -1, and a count is the sum of the deltas a snapshot sees. Inserts never wait on each
      -- other, where one row per status updated by every writer made every approval (and every PO
      -- created or received) wait for the one before it to commit. Every 500th delta folds the
      -- committed deltas into one row per project and status (one folder at a time, as
      -- list_changes), so the table stays about as small as the counts themselves.
      CREATE FUNCTION {{schema}}.count_by_project_and_status() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        deltas text := TG_ARGV[0];
        added bigint;
        due boolean := false;
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          EXECUTE format('INSERT INTO {{schema}}.%I (project_id, status, n) VALUES ($1, $2, -1) RETURNING id', deltas)
            INTO added USING OLD.project_id, OLD.status;
          due := added % 500 = 0;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          EXECUTE format('INSERT INTO {{schema}}.%I (project_id, status, n) VALUES ($1, $2, 1) RETURNING id', deltas)
            INTO added USING NEW.project_id, NEW.status;
          due := due OR added % 500 = 0;
        END IF;
        IF due AND pg_try_advisory_xact_lock(hashtext('{{schema}}.' || deltas)) THEN
          -- Only deltas this transaction can delete are folded (committed ones, and its own).
          EXECUTE format('WITH gone AS (DELETE FROM {{schema}}.%I WHERE id <= $1 RETURNING project_id, status, n)
                          INSERT INTO {{schema}}.%I (project_id, status, n)
                          SELECT project_id, status, sum(n) FROM gone GROUP BY project_id, status HAVING sum(n) <> 0', deltas, deltas)
            USING added;
        END IF;
        RETURN NULL;
      END
      $$;

      -- Keep the counts of the table named source (columns project_id, status) in a deltas table named counts,
      -- starting from the rows it has now.
      CREATE FUNCTION {{schema}}.keep_counts(source text, counts text) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        EXECUTE format('CREATE TABLE {{schema}}.%I (id bigserial PRIMARY KEY, project_id uuid NOT NULL, status text NOT NULL, n bigint NOT NULL)', counts);
        EXECUTE format('CREATE INDEX %I ON {{schema}}.%I (project_id, status)', counts || '_project', counts);
        EXECUTE format('INSERT INTO {{schema}}.%I (project_id, status, n) SELECT project_id, status, count(*) FROM {{schema}}.%I GROUP BY project_id, status', counts, source);
        EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR DELETE ON {{schema}}.%I FOR EACH ROW EXECUTE FUNCTION {{schema}}.count_by_project_and_status(%L)',
                       source || '_counted_insert', source, counts);
        EXECUTE format('CREATE TRIGGER %I AFTER UPDATE OF status, project_id ON {{schema}}.%I FOR EACH ROW
                        WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.project_id IS DISTINCT FROM NEW.project_id)
                        EXECUTE FUNCTION {{schema}}.count_by_project_and_status(%L)', source || '_counted_update', source, counts);
      END
      $$;
    `,
  },
  {
    version: 8,
    name: 'outbox_written_at',
    sql: `
      -- An event's row is stamped when it is written, not when its transaction began (now()), so the
      -- outbox lag (published_at - created_at, and the relay's lag metric) counts the time the event
      -- waited to be published, not the time its transaction spent before writing it (a consumer
      -- waiting for the PO number lock, say).
      ALTER TABLE {{schema}}.outbox ALTER COLUMN created_at SET DEFAULT clock_timestamp();
    `,
  },
];
