-- The status of each purchase order as the PO service last announced it (erp.po.status_changed.v1),
-- kept by the PO's own version: the highest wins, whatever order the events arrive in, and a status
-- that arrives before the PO's erp.po.created.v1 is kept until the PO is listed.
CREATE TABLE {{schema}}.po_statuses (
  po_id uuid PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('Open', 'Partial', 'Closed')),
  version integer NOT NULL
);
