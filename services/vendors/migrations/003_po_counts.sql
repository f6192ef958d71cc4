-- Each vendor's purchase orders as the PO service announces them (erp.po.created.v1 and
-- erp.po.status_changed.v1), one row per PO: the vendor list's and page's totalPO and openPO
-- (decision 0033). The row keeps the PO's newest status by the PO's own version (created is
-- version 1), whatever order the events arrive in. A status change may arrive before its PO's
-- created event: its row then has no vendor yet (vendor_id null) and counts for nobody until the
-- created event names the vendor.
CREATE TABLE {{schema}}.vendor_pos (
  po_id uuid PRIMARY KEY,
  vendor_id uuid,
  status text NOT NULL CHECK (status IN ('Open', 'Partial', 'Closed')),
  version integer NOT NULL CHECK (version >= 0)
);
CREATE INDEX vendor_pos_vendor ON {{schema}}.vendor_pos (vendor_id) WHERE vendor_id IS NOT NULL;

-- POs this service already heard of before the counts were kept: those on a ledger (a 'PO Add' per
-- PO of a positive amount), taken as Open at version 1; later status events (on NATS a new durable
-- consumer reads the stream from its start) correct them.
INSERT INTO {{schema}}.vendor_pos (po_id, vendor_id, status, version)
  SELECT DISTINCT ON (po_id) po_id, vendor_id, 'Open', 1 FROM {{schema}}.ledger_entries WHERE type = 'PO Add'
  ON CONFLICT (po_id) DO NOTHING;
UPDATE {{schema}}.vendors v SET total_po = c.total, open_po = c.open
  FROM (SELECT vendor_id, count(*)::int AS total, count(*) FILTER (WHERE status IN ('Open', 'Partial'))::int AS open
          FROM {{schema}}.vendor_pos WHERE vendor_id IS NOT NULL GROUP BY vendor_id) c
 WHERE v.id = c.vendor_id;
