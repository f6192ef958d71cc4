-- Indents (SPEC §2, §3 "Indent / BoQ", §4): what a site asks for against its project's BOQ, the
-- purchaser's vendor choices and the Admin's approval. Quantities in hundredths, money in paise.

-- What other services announce, as this service needs it (their events; never their tables).
CREATE TABLE {{schema}}.project_snapshots (
  project_id uuid PRIMARY KEY,
  project_code text NOT NULL,
  name text NOT NULL,
  status text NOT NULL,
  version integer NOT NULL
);

CREATE TABLE {{schema}}.boq_snapshots (
  boq_id uuid PRIMARY KEY,
  boq_number text NOT NULL,
  revision integer NOT NULL,
  project_id uuid NOT NULL,
  name text NOT NULL,
  status text NOT NULL,
  version integer NOT NULL
);
CREATE INDEX boq_snapshots_project ON {{schema}}.boq_snapshots (project_id, status);
CREATE INDEX boq_snapshots_number ON {{schema}}.boq_snapshots (boq_number, revision DESC);

CREATE TABLE {{schema}}.boq_line_snapshots (
  boq_id uuid NOT NULL REFERENCES {{schema}}.boq_snapshots (boq_id) ON DELETE CASCADE,
  item_id uuid NOT NULL,
  planned_hundredths bigint NOT NULL,
  PRIMARY KEY (boq_id, item_id)
);

-- Consumed quantity per BOQ number and item (erp.projects.boq_consumed.v1 carries totals; the largest wins).
CREATE TABLE {{schema}}.boq_consumed (
  boq_number text NOT NULL,
  item_id uuid NOT NULL,
  consumed_hundredths bigint NOT NULL,
  PRIMARY KEY (boq_number, item_id)
);

CREATE TABLE {{schema}}.item_snapshots (
  item_id uuid PRIMARY KEY,
  name text NOT NULL,
  unit text NOT NULL,
  status text NOT NULL,
  version integer NOT NULL,
  -- The version whose prices item_prices holds (an event without prices leaves them as they were).
  prices_version integer NOT NULL DEFAULT 0
);

CREATE TABLE {{schema}}.item_prices (
  item_id uuid NOT NULL REFERENCES {{schema}}.item_snapshots (item_id) ON DELETE CASCADE,
  vendor_id uuid NOT NULL,
  price_paise bigint NOT NULL,
  gst_paise bigint NOT NULL,
  status text NOT NULL,
  PRIMARY KEY (item_id, vendor_id)
);

CREATE TABLE {{schema}}.vendor_snapshots (
  vendor_id uuid PRIMARY KEY,
  name text NOT NULL,
  status text NOT NULL,
  version integer NOT NULL
);

-- Indent numbers IND-000001 upward, without gaps (one row, taken under its lock by each create).
CREATE TABLE {{schema}}.indent_numbers (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  last bigint NOT NULL
);
INSERT INTO {{schema}}.indent_numbers (last) VALUES (0);

CREATE TABLE {{schema}}.indents (
  id uuid PRIMARY KEY,
  indent_number text NOT NULL UNIQUE,
  title text NOT NULL,
  project_id uuid NOT NULL,
  boq_id uuid NOT NULL,
  location text NOT NULL DEFAULT '',
  needed_by date,
  notes text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('draft', 'compare', 'approval', 'approved')),
  created_by uuid,
  created_by_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  submitted_by uuid,
  submitted_by_name text,
  submitted_at timestamptz,
  approved_by uuid,
  approved_by_name text,
  approved_at timestamptz,
  rework_comment text,
  -- What a list row shows, kept with every write (lines, totals, POs).
  item_count integer NOT NULL DEFAULT 0,
  total_hundredths bigint NOT NULL DEFAULT 0,
  total_paise bigint NOT NULL DEFAULT 0,
  po_count integer NOT NULL DEFAULT 0,
  -- Lower-cased words the list's keyword searches: number, title, project, creator, notes, location.
  search text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1
);
-- The list: newest first (created or updated), optionally one status and/or some projects.
CREATE INDEX indents_created ON {{schema}}.indents (created_at DESC, id DESC);
CREATE INDEX indents_updated ON {{schema}}.indents (updated_at DESC, id DESC);
CREATE INDEX indents_status_created ON {{schema}}.indents (status, created_at DESC, id DESC);
CREATE INDEX indents_project_created ON {{schema}}.indents (project_id, created_at DESC, id DESC);
CREATE INDEX indents_project_status ON {{schema}}.indents (project_id, status, created_at DESC);

CREATE TABLE {{schema}}.indent_lines (
  id uuid PRIMARY KEY,
  indent_id uuid NOT NULL REFERENCES {{schema}}.indents (id) ON DELETE CASCADE,
  position integer NOT NULL,
  item_id uuid NOT NULL,
  item_name text NOT NULL,
  unit text NOT NULL,
  quantity_hundredths bigint NOT NULL CHECK (quantity_hundredths > 0),
  remark text NOT NULL DEFAULT '',
  selected_vendor uuid,
  vendor_name text,
  reason text NOT NULL DEFAULT '',
  approver_reason text NOT NULL DEFAULT '',
  price_paise bigint,
  gst_paise bigint,
  UNIQUE (indent_id, item_id)
);
CREATE INDEX indent_lines_indent ON {{schema}}.indent_lines (indent_id, position);

CREATE TABLE {{schema}}.indent_history (
  seq bigserial PRIMARY KEY,
  indent_id uuid NOT NULL REFERENCES {{schema}}.indents (id) ON DELETE CASCADE,
  at timestamptz NOT NULL DEFAULT now(),
  by_id uuid,
  by_name text NOT NULL,
  from_status text,
  to_status text NOT NULL,
  comment text NOT NULL DEFAULT ''
);
CREATE INDEX indent_history_indent ON {{schema}}.indent_history (indent_id, seq);

CREATE TABLE {{schema}}.indent_fleet (
  indent_id uuid NOT NULL REFERENCES {{schema}}.indents (id) ON DELETE CASCADE,
  vendor_id uuid NOT NULL,
  vendor_name text NOT NULL,
  amount_paise bigint NOT NULL CHECK (amount_paise >= 0),
  gst_paise bigint NOT NULL CHECK (gst_paise >= 0),
  free boolean NOT NULL DEFAULT false,
  PRIMARY KEY (indent_id, vendor_id)
);

-- Purchase orders the PO service generated from an indent (erp.po.created.v1).
CREATE TABLE {{schema}}.indent_pos (
  po_id uuid PRIMARY KEY,
  indent_id uuid NOT NULL,
  po_number text NOT NULL,
  vendor_id uuid NOT NULL,
  vendor_name text NOT NULL,
  item_count integer NOT NULL,
  amount_paise bigint NOT NULL,
  status text NOT NULL,
  order_date timestamptz NOT NULL
);
CREATE INDEX indent_pos_indent ON {{schema}}.indent_pos (indent_id, po_number);

-- Demo indents waiting for the data they draw on (seed only; a row goes when its indent is made).
CREATE TABLE {{schema}}.demo_indents (
  key text PRIMARY KEY
);
