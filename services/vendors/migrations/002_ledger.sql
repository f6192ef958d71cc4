-- Vendor account ledgers (issue 13, decision 0025): what the business owes each vendor, entry by
-- entry, in integer paise. Entries are appended, never changed or deleted (the trigger below refuses
-- both); a mistake is corrected by a Reversal that points at the entry it reverses.

-- One row per vendor with a ledger: the kept balances. Every append locks this row (FOR UPDATE)
-- first, so appends to one vendor's ledger take turns: seq has no gaps and balance_after is exact.
-- Keyed by the vendor's id without a foreign key: a PO of a vendor this service does not know (yet)
-- is still recorded (its name from the event), never lost.
CREATE TABLE {{schema}}.ledger_accounts (
  vendor_id uuid PRIMARY KEY,
  -- The name as the first entry knew it, for a vendor without a row in vendors (shown only then).
  vendor_name text NOT NULL DEFAULT '',
  -- The last entry's seq (entries are 1..last_seq) and the outstanding balance after it.
  last_seq integer NOT NULL DEFAULT 0 CHECK (last_seq >= 0),
  outstanding_paise bigint NOT NULL DEFAULT 0,
  -- The summary cards, net of reversals.
  ordered_paise bigint NOT NULL DEFAULT 0,
  paid_paise bigint NOT NULL DEFAULT 0,
  credit_notes_paise bigint NOT NULL DEFAULT 0,
  overbill_approved_paise bigint NOT NULL DEFAULT 0,
  open_overbill_count integer NOT NULL DEFAULT 0 CHECK (open_overbill_count >= 0),
  open_overbill_paise bigint NOT NULL DEFAULT 0 CHECK (open_overbill_paise >= 0),
  -- When the last entry was recorded (null: none yet).
  last_activity timestamptz
);
-- The accounts list reads a page along these (sorted by outstanding or by last activity, either way).
CREATE INDEX ledger_accounts_outstanding ON {{schema}}.ledger_accounts (outstanding_paise DESC, vendor_id);
CREATE INDEX ledger_accounts_activity ON {{schema}}.ledger_accounts (last_activity DESC NULLS LAST, vendor_id);

-- Every vendor has an account row from the moment it exists (at 0), however it was inserted: the
-- accounts list is then a plain join along those indexes, vendors without entries included.
CREATE FUNCTION {{schema}}.vendors_open_ledger_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('INSERT INTO %I.ledger_accounts (vendor_id, vendor_name) VALUES ($1, $2) ON CONFLICT (vendor_id) DO NOTHING', TG_TABLE_SCHEMA)
    USING NEW.id, NEW.name;
  RETURN NULL;
END;
$$;
CREATE TRIGGER vendors_ledger_account AFTER INSERT ON {{schema}}.vendors
  FOR EACH ROW EXECUTE FUNCTION {{schema}}.vendors_open_ledger_account();
INSERT INTO {{schema}}.ledger_accounts (vendor_id, vendor_name) SELECT id, name FROM {{schema}}.vendors ON CONFLICT (vendor_id) DO NOTHING;

CREATE TABLE {{schema}}.overbill_cases (
  id uuid PRIMARY KEY,
  vendor_id uuid NOT NULL,
  vendor_name text NOT NULL,
  po_id uuid NOT NULL,
  po_number text NOT NULL,
  -- One case per goods receipt, however often its event arrives.
  receipt_id uuid NOT NULL UNIQUE,
  invoice_number text NOT NULL,
  invoice_amount_paise bigint NOT NULL CHECK (invoice_amount_paise > 0),
  expected_amount_paise bigint NOT NULL CHECK (expected_amount_paise >= 0),
  delta_paise bigint NOT NULL CHECK (delta_paise > 0 AND delta_paise = invoice_amount_paise - expected_amount_paise),
  status text NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'Approved', 'Rejected')),
  opened_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by uuid,
  decided_by_name text,
  reject_reason text,
  version integer NOT NULL DEFAULT 1,
  CHECK ((status = 'Open') = (decided_at IS NULL))
);
CREATE INDEX overbill_cases_open ON {{schema}}.overbill_cases (opened_at DESC, id) WHERE status = 'Open';
CREATE INDEX overbill_cases_vendor ON {{schema}}.overbill_cases (vendor_id, opened_at DESC, id);
CREATE INDEX overbill_cases_all ON {{schema}}.overbill_cases (opened_at DESC, id);

CREATE TABLE {{schema}}.ledger_entries (
  id uuid PRIMARY KEY,
  vendor_id uuid NOT NULL,
  -- 1, 2, 3… per vendor, the order balances are computed in.
  seq integer NOT NULL CHECK (seq > 0),
  type text NOT NULL CHECK (type IN ('PO Add', 'Payment', 'Credit Note', 'Overbill Approved', 'Reversal')),
  amount_paise bigint NOT NULL CHECK (amount_paise > 0),
  -- +1 raises what is owed, -1 lowers it; a Reversal takes the opposite of the entry it reverses.
  effect smallint NOT NULL CHECK (effect IN (1, -1)),
  balance_after_paise bigint NOT NULL,
  -- The day it counts on (India): payment or credit note date, PO order date, decision date.
  date date NOT NULL,
  -- Payment reference (UTR, cheque number…), credit note number, PO number, or ''.
  reference text NOT NULL DEFAULT '',
  -- How many earlier entries of this vendor and type carried the same reference (each of them
  -- reversed): a reference is unique among live entries, and free again once its entry is reversed.
  reference_round integer NOT NULL DEFAULT 0 CHECK (reference_round >= 0),
  method text,
  reason text,
  notes text NOT NULL DEFAULT '',
  po_id uuid,
  po_number text,
  reverses uuid REFERENCES {{schema}}.ledger_entries (id),
  overbill_case_id uuid REFERENCES {{schema}}.overbill_cases (id),
  entered_by uuid,
  entered_by_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- The client's key for one submission (a double-click or a resend records once); unique per vendor.
  request_key uuid,
  -- What a keyword on the ledger looks in, kept with the entry.
  search text GENERATED ALWAYS AS (lower(type || ' ' || reference || ' ' || notes || ' ' || coalesce(method, '') || ' ' || coalesce(reason, '') || ' ' || coalesce(po_number, ''))) STORED,
  CONSTRAINT ledger_entries_seq UNIQUE (vendor_id, seq),
  CONSTRAINT ledger_entries_request UNIQUE (vendor_id, request_key),
  CHECK ((type = 'Reversal') = (reverses IS NOT NULL)),
  CHECK (type <> 'PO Add' OR po_id IS NOT NULL),
  CHECK ((type = 'Overbill Approved') = (overbill_case_id IS NOT NULL)),
  CHECK (type = 'Reversal' OR effect = CASE WHEN type IN ('PO Add', 'Overbill Approved') THEN 1 ELSE -1 END),
  CHECK (type <> 'Payment' OR method IN ('NEFT', 'RTGS', 'IMPS', 'Cheque', 'Cash')),
  CHECK (type <> 'Credit Note' OR reference <> '')
);
-- A PO is added once (erp.po.created.v1 may arrive more than once); a case approved once; an entry reversed once.
CREATE UNIQUE INDEX ledger_entries_po ON {{schema}}.ledger_entries (po_id) WHERE type = 'PO Add';
CREATE UNIQUE INDEX ledger_entries_case ON {{schema}}.ledger_entries (overbill_case_id) WHERE type = 'Overbill Approved';
CREATE UNIQUE INDEX ledger_entries_reverses ON {{schema}}.ledger_entries (reverses) WHERE reverses IS NOT NULL;
-- A payment reference and a credit note number once per vendor among entries not reversed.
CREATE UNIQUE INDEX ledger_entries_payment_ref ON {{schema}}.ledger_entries (vendor_id, lower(reference), reference_round)
  WHERE type = 'Payment' AND reference <> '';
CREATE UNIQUE INDEX ledger_entries_credit_note ON {{schema}}.ledger_entries (vendor_id, lower(reference), reference_round)
  WHERE type = 'Credit Note';
-- The ledger by date (range filters, statements).
CREATE INDEX ledger_entries_date ON {{schema}}.ledger_entries (vendor_id, date, seq);

-- Append-only for real: no UPDATE, DELETE or TRUNCATE of an entry, whoever asks.
CREATE FUNCTION {{schema}}.ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only: % refused (add a reversing entry instead)', TG_OP USING ERRCODE = 'P0001';
END;
$$;
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE OR DELETE ON {{schema}}.ledger_entries
  FOR EACH ROW EXECUTE FUNCTION {{schema}}.ledger_entries_append_only();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON {{schema}}.ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.ledger_entries_append_only();

-- Demo ledger entries waiting for the demo PO of their vendor (queued on a new database with demo seeding).
CREATE TABLE {{schema}}.demo_ledger (key text PRIMARY KEY);

-- The outstanding balance is the ledger's (ledger_accounts), read by the vendor list and page.
ALTER TABLE {{schema}}.vendors DROP COLUMN wallet_paise;
-- What the accounts list's keyword looks in: the display id and the name (kept, not computed per row).
ALTER TABLE {{schema}}.vendors ADD COLUMN ledger_search text GENERATED ALWAYS AS (lower(vendor_id || ' ' || name)) STORED;
