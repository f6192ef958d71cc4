-- Bills of quantities (SPEC §2 "BOQ"). A BOQ has a number (BOQ-0001, from this sequence, never
-- reused) and revisions: a confirmed revision is never edited; revising it makes a new draft
-- revision with the same number, which supersedes it when confirmed. Money in integer paise,
-- quantities in integer hundredths.
CREATE SEQUENCE {{schema}}.boq_number_seq;

-- The item master as the catalog's events describe it (erp.catalog.item_upserted.v1 and
-- items_snapshot.v1): BOQ lines show these names, the import finds items here by name.
CREATE TABLE {{schema}}.item_snapshots (
  item_id uuid PRIMARY KEY,
  name text NOT NULL,
  unit text NOT NULL,
  status text NOT NULL,
  version integer NOT NULL,
  name_key text GENERATED ALWAYS AS (lower(name)) STORED
);
CREATE INDEX item_snapshots_name ON {{schema}}.item_snapshots (name_key);

CREATE TABLE {{schema}}.boqs (
  id uuid PRIMARY KEY,
  boq_number text NOT NULL,
  revision integer NOT NULL DEFAULT 1,
  project_id uuid NOT NULL REFERENCES {{schema}}.projects (id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  notes text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('draft', 'confirmed', 'superseded')),
  item_count integer NOT NULL DEFAULT 0,
  total_paise bigint NOT NULL DEFAULT 0,
  indent_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  created_by_name text,
  updated_by uuid,
  confirmed_at timestamptz,
  confirmed_by uuid,
  confirmed_by_name text,
  version integer NOT NULL DEFAULT 1,
  -- The project's name and code as the keyword search matches them (kept in step when a project is renamed).
  project_search text NOT NULL DEFAULT '',
  search text GENERATED ALWAYS AS (lower(boq_number || ' ' || name || ' ' || description || ' ' || notes || ' ' || coalesce(created_by_name, '') || ' ' || project_search)) STORED,
  UNIQUE (boq_number, revision)
);
-- A BOQ number has at most one draft revision and one confirmed revision at a time.
CREATE UNIQUE INDEX boqs_one_draft ON {{schema}}.boqs (boq_number) WHERE status = 'draft';
CREATE UNIQUE INDEX boqs_one_confirmed ON {{schema}}.boqs (boq_number) WHERE status = 'confirmed';
CREATE INDEX boqs_created ON {{schema}}.boqs (created_at DESC, id DESC);
CREATE INDEX boqs_status ON {{schema}}.boqs (status, created_at DESC, id DESC);
CREATE INDEX boqs_project ON {{schema}}.boqs (project_id, created_at DESC, id DESC);

CREATE TABLE {{schema}}.boq_lines (
  boq_id uuid NOT NULL REFERENCES {{schema}}.boqs (id) ON DELETE CASCADE,
  line_no integer NOT NULL,
  id uuid NOT NULL,
  item_id uuid NOT NULL,
  unit text NOT NULL,
  planned_hundredths bigint NOT NULL CHECK (planned_hundredths > 0),
  rate_paise bigint NOT NULL CHECK (rate_paise > 0),
  remark text NOT NULL DEFAULT '',
  PRIMARY KEY (boq_id, line_no),
  UNIQUE (boq_id, item_id)
);

-- What goods receipts consumed, per BOQ number and item (revisions share it).
CREATE TABLE {{schema}}.boq_consumption (
  boq_number text NOT NULL,
  item_id uuid NOT NULL,
  consumed_hundredths bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (boq_number, item_id)
);

-- Each receipt's lines counted once, whatever the event's envelope id (a receipt re-published by
-- a relay that crashed after publishing gets a new envelope only if the producer re-emits it).
CREATE TABLE {{schema}}.boq_receipts (
  receipt_id uuid NOT NULL,
  item_id uuid NOT NULL,
  boq_number text NOT NULL,
  quantity_hundredths bigint NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (receipt_id, item_id)
);

-- Demo BOQs waiting for their items to reach item_snapshots (seed only; a row is deleted when its BOQ is made).
CREATE TABLE {{schema}}.demo_boqs (
  key text PRIMARY KEY,
  project_id uuid NOT NULL REFERENCES {{schema}}.projects (id)
);
