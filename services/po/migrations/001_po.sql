-- Purchase orders (SPEC §2 "PO list", "PO details", §3 "Purchase order"): one per approved indent
-- and vendor, generated from erp.indent.approved.v1, never typed. Money in integer paise, quantities
-- in integer hundredths. Each PO keeps a snapshot of the names it shows, so a read needs no other
-- service (ARCHITECTURE §4).

-- The last PO number given out (PO-000001 is 1). A transaction that creates POs locks this one row
-- first and writes the new last number before it commits: numbers are given out one transaction at
-- a time, and a rollback gives them back, so they are gap-free as well as unique.
CREATE TABLE {{schema}}.po_numbers (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  last_number bigint NOT NULL CHECK (last_number >= 0)
);
INSERT INTO {{schema}}.po_numbers (id, last_number) VALUES (true, 0);

CREATE TABLE {{schema}}.purchase_orders (
  id uuid PRIMARY KEY,
  po_seq bigint NOT NULL CHECK (po_seq > 0),
  po_number text NOT NULL,
  status text NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Partial', 'Closed')),
  indent_id uuid NOT NULL,
  indent_number text NOT NULL,
  indent_title text NOT NULL,
  vendor_id uuid NOT NULL,
  vendor_name text NOT NULL,
  project_id uuid NOT NULL,
  project_name text NOT NULL,
  project_code text NOT NULL,
  boq_id uuid NOT NULL,
  boq_number text NOT NULL,
  boq_name text NOT NULL,
  -- People as the approval named them (ids as given: they are only shown).
  created_by text,
  created_by_name text,
  approved_by text,
  approved_by_name text,
  -- The approval's time: the PO's order date.
  order_date timestamptz NOT NULL,
  -- The vendor's fleet as approved (0 when free), and the totals (SPEC §9): amount = the lines'
  -- grand totals + fleet + fleet GST.
  fleet_paise bigint NOT NULL CHECK (fleet_paise >= 0),
  fleet_gst_paise bigint NOT NULL CHECK (fleet_gst_paise >= 0),
  lines_total_paise bigint NOT NULL CHECK (lines_total_paise >= 0),
  amount_paise bigint NOT NULL CHECK (amount_paise = lines_total_paise + fleet_paise + fleet_gst_paise),
  item_count integer NOT NULL CHECK (item_count > 0),
  -- The envelope of erp.indent.approved.v1 it was made from.
  source_event_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  search text GENERATED ALWAYS AS (lower(po_number || ' ' || indent_number || ' ' || vendor_name || ' ' || project_name)) STORED,
  CONSTRAINT purchase_orders_po_seq UNIQUE (po_seq),
  CONSTRAINT purchase_orders_po_number UNIQUE (po_number),
  -- One PO per indent and vendor, however often the approval arrives (also serves "POs of an indent").
  CONSTRAINT purchase_orders_indent_vendor UNIQUE (indent_id, vendor_id)
);
-- The list: newest order date first, ties by number (unique), so a page boundary never moves; and
-- the same order within each filter.
CREATE INDEX purchase_orders_order ON {{schema}}.purchase_orders (order_date DESC, po_seq DESC);
CREATE INDEX purchase_orders_project ON {{schema}}.purchase_orders (project_id, order_date DESC, po_seq DESC);
CREATE INDEX purchase_orders_vendor ON {{schema}}.purchase_orders (vendor_id, order_date DESC, po_seq DESC);
CREATE INDEX purchase_orders_status ON {{schema}}.purchase_orders (status, order_date DESC, po_seq DESC);

CREATE TABLE {{schema}}.po_lines (
  id uuid PRIMARY KEY,
  po_id uuid NOT NULL REFERENCES {{schema}}.purchase_orders (id) ON DELETE CASCADE,
  line_no integer NOT NULL CHECK (line_no > 0),
  item_id uuid NOT NULL,
  item_name text NOT NULL,
  unit text NOT NULL,
  quantity_hundredths bigint NOT NULL CHECK (quantity_hundredths > 0),
  -- Raised by goods receipts (a later part of the service); pending = quantity - received.
  received_hundredths bigint NOT NULL DEFAULT 0 CHECK (received_hundredths >= 0),
  -- Unit price and GST per unit locked on approval, their sum, and quantity x that sum (the line's grand total).
  price_paise bigint NOT NULL CHECK (price_paise >= 0),
  gst_paise bigint NOT NULL CHECK (gst_paise >= 0),
  unit_total_paise bigint NOT NULL CHECK (unit_total_paise = price_paise + gst_paise),
  total_paise bigint NOT NULL CHECK (total_paise >= 0),
  CONSTRAINT po_lines_order UNIQUE (po_id, line_no)
);
