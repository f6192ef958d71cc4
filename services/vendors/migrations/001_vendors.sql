-- Display ids VEN-0001, VEN-0002, ... come from this sequence (never reused, gaps allowed).
CREATE SEQUENCE {{schema}}.vendor_display_seq;

CREATE TABLE {{schema}}.vendors (
  id uuid PRIMARY KEY,
  display_no integer NOT NULL UNIQUE,
  vendor_id text NOT NULL UNIQUE,
  name text NOT NULL,
  contact_person text NOT NULL,
  phone_number text NOT NULL,
  email text NOT NULL,
  alt_phone_number text NOT NULL DEFAULT '',
  alt_email text NOT NULL DEFAULT '',
  address text NOT NULL,
  gstin text NOT NULL DEFAULT '',
  payment_terms integer NOT NULL CHECK (payment_terms >= 0),
  notes text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('active', 'inactive', 'blocked')),
  -- Outstanding balance in paise, kept by the vendor ledger.
  wallet_paise bigint NOT NULL DEFAULT 0,
  -- Active item prices, from erp.catalog.vendor_items_changed.v1; items_sequence is the highest applied.
  total_items integer NOT NULL DEFAULT 0,
  items_sequence bigint,
  total_po integer NOT NULL DEFAULT 0,
  open_po integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  created_by_name text,
  updated_by uuid,
  version integer NOT NULL DEFAULT 1,
  search text GENERATED ALWAYS AS (
    lower(vendor_id || ' ' || name || ' ' || contact_person || ' ' || phone_number || ' ' || email || ' ' || gstin)
  ) STORED
);
CREATE UNIQUE INDEX vendors_name ON {{schema}}.vendors (lower(trim(name)));
CREATE INDEX vendors_created ON {{schema}}.vendors (created_at DESC, display_no DESC);
CREATE INDEX vendors_status ON {{schema}}.vendors (status, created_at DESC);
