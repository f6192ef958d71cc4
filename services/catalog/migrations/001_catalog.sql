-- Item master with vendor prices. Money in integer paise, quantities in integer hundredths.
-- Derived values (vendor_count, best/min/max totals) are kept on items by every write, so the
-- list never aggregates prices per request.
CREATE TABLE {{schema}}.items (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  name_key text GENERATED ALWAYS AS (lower(btrim(name))) STORED,
  unit text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  vendor_count integer NOT NULL DEFAULT 0,
  best_total_paise bigint,
  min_total_paise bigint,
  max_total_paise bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  created_by_name text,
  updated_by uuid,
  updated_by_name text,
  version integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX items_name_key ON {{schema}}.items (name_key);
-- Prefix search (name_key LIKE 'abc%') and ordering by name.
CREATE INDEX items_name_prefix ON {{schema}}.items (name_key text_pattern_ops);
CREATE INDEX items_updated ON {{schema}}.items (updated_at DESC, id DESC);
CREATE INDEX items_active ON {{schema}}.items (status) WHERE status = 'active';

-- What the catalog knows of vendors: only from erp.vendors.vendor_updated.v1.
CREATE TABLE {{schema}}.vendor_snapshots (
  vendor_id uuid PRIMARY KEY,
  display_id text NOT NULL,
  name text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'inactive', 'blocked')),
  version integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vendor_snapshots_name ON {{schema}}.vendor_snapshots (lower(name));
CREATE INDEX vendor_snapshots_display ON {{schema}}.vendor_snapshots (lower(display_id));

CREATE TABLE {{schema}}.vendor_prices (
  id uuid PRIMARY KEY,
  item_id uuid NOT NULL REFERENCES {{schema}}.items (id) ON DELETE CASCADE,
  vendor_id uuid NOT NULL REFERENCES {{schema}}.vendor_snapshots (vendor_id),
  price_paise bigint NOT NULL CHECK (price_paise > 0),
  gst_paise bigint NOT NULL DEFAULT 0 CHECK (gst_paise >= 0),
  moq_hundredths bigint NOT NULL DEFAULT 0 CHECK (moq_hundredths >= 0),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  notes text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  updated_by_name text,
  UNIQUE (item_id, vendor_id)
);
CREATE INDEX vendor_prices_vendor ON {{schema}}.vendor_prices (vendor_id, status);

CREATE TABLE {{schema}}.price_history (
  id uuid PRIMARY KEY,
  item_id uuid NOT NULL,
  vendor_id uuid NOT NULL,
  change text NOT NULL CHECK (change IN ('added', 'updated', 'deactivated', 'activated', 'removed')),
  old_price_paise bigint,
  new_price_paise bigint,
  old_gst_paise bigint,
  new_gst_paise bigint,
  changed_by uuid,
  changed_by_name text,
  changed_at timestamptz NOT NULL DEFAULT now(),
  seq bigserial
);
CREATE INDEX price_history_item ON {{schema}}.price_history (item_id, seq DESC);

-- Sequence of erp.catalog.vendor_items_changed.v1 per vendor (consumers keep the highest).
CREATE TABLE {{schema}}.vendor_item_seq (
  vendor_id uuid PRIMARY KEY,
  sequence bigint NOT NULL DEFAULT 0
);

CREATE TABLE {{schema}}.import_jobs (
  id uuid PRIMARY KEY,
  file_name text NOT NULL,
  status text NOT NULL CHECK (status IN ('running', 'done', 'failed')),
  total_rows integer NOT NULL DEFAULT 0,
  processed_rows integer NOT NULL DEFAULT 0,
  created integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  unchanged integer NOT NULL DEFAULT 0,
  refused integer NOT NULL DEFAULT 0,
  message text NOT NULL DEFAULT '',
  created_by uuid,
  created_by_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
-- Row results, one entry per processed chunk (appending never rewrites earlier results).
CREATE TABLE {{schema}}.import_job_rows (
  job_id uuid NOT NULL REFERENCES {{schema}}.import_jobs (id) ON DELETE CASCADE,
  chunk integer NOT NULL,
  results jsonb NOT NULL,
  PRIMARY KEY (job_id, chunk)
);

-- Contains-search: a trigram index where pg_trgm is available (PostgreSQL; PGlite only when the
-- extension was loaded with the database). Without it the search still works, by scanning.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN others THEN
  RAISE NOTICE 'pg_trgm not available: %', SQLERRM;
END $$;
