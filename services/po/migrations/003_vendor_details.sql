-- What a printed PO shows of its vendor (address, GSTIN, phone, email), from the vendors service's
-- erp.vendors.vendor_updated.v1, newest version kept. A vendor not announced since these details
-- were added prints with its name only (and IGST, its state being unknown) until it is next saved.
CREATE TABLE {{schema}}.vendor_snapshots (
  vendor_id uuid PRIMARY KEY,
  name text NOT NULL,
  address text NOT NULL DEFAULT '',
  gstin text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  version integer NOT NULL
);
