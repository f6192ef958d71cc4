-- Goods receipts against purchase orders (SPEC §2 "Goods receipt", §3 "Receipt"), the invoice
-- photos they carry, and an Admin's short-close. Quantities in integer hundredths, money in paise.

-- What a short-close cancelled of each line; pending = ordered - received - cancelled, never below
-- zero: the last guard against over-receipt whatever the route checks (a CHECK PostgreSQL enforces
-- under any concurrency).
ALTER TABLE {{schema}}.po_lines ADD COLUMN cancelled_hundredths bigint NOT NULL DEFAULT 0 CHECK (cancelled_hundredths >= 0);
ALTER TABLE {{schema}}.po_lines ADD CONSTRAINT po_lines_not_over_received
  CHECK (received_hundredths + cancelled_hundredths <= quantity_hundredths);

ALTER TABLE {{schema}}.purchase_orders ADD COLUMN short_close_reason text;
ALTER TABLE {{schema}}.purchase_orders ADD COLUMN short_closed_at timestamptz;
ALTER TABLE {{schema}}.purchase_orders ADD COLUMN short_closed_by text;
ALTER TABLE {{schema}}.purchase_orders ADD COLUMN short_closed_by_name text;

CREATE TABLE {{schema}}.receipts (
  id uuid PRIMARY KEY,
  po_id uuid NOT NULL REFERENCES {{schema}}.purchase_orders (id) ON DELETE CASCADE,
  invoice_number text NOT NULL,
  invoice_date date NOT NULL,
  invoice_amount_paise bigint NOT NULL CHECK (invoice_amount_paise >= 0),
  remarks text NOT NULL DEFAULT '',
  received_at timestamptz NOT NULL DEFAULT now(),
  received_by text,
  received_by_name text NOT NULL,
  photo_id uuid
);
CREATE INDEX receipts_po ON {{schema}}.receipts (po_id, received_at);

CREATE TABLE {{schema}}.receipt_lines (
  receipt_id uuid NOT NULL REFERENCES {{schema}}.receipts (id) ON DELETE CASCADE,
  line_id uuid NOT NULL REFERENCES {{schema}}.po_lines (id) ON DELETE CASCADE,
  position integer NOT NULL,
  accepted_hundredths bigint NOT NULL CHECK (accepted_hundredths >= 0),
  rejected_hundredths bigint NOT NULL CHECK (rejected_hundredths >= 0),
  remarks text NOT NULL DEFAULT '',
  PRIMARY KEY (receipt_id, line_id),
  CHECK (accepted_hundredths + rejected_hundredths > 0)
);

-- Invoice photos, kept in the database: durable in every mode and shared by every instance of the
-- service (no instance's local disk). Uploaded first (POST /po/{id}/photos), then named by the
-- receipt; a photo no receipt names is removed by the retention job after a day.
CREATE TABLE {{schema}}.photos (
  id uuid PRIMARY KEY,
  po_id uuid NOT NULL REFERENCES {{schema}}.purchase_orders (id) ON DELETE CASCADE,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 5242880),
  bytes bytea NOT NULL,
  uploaded_by text,
  uploaded_by_name text NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  receipt_id uuid REFERENCES {{schema}}.receipts (id) ON DELETE SET NULL
);
CREATE INDEX photos_unattached ON {{schema}}.photos (uploaded_at) WHERE receipt_id IS NULL;
