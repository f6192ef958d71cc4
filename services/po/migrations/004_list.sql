-- The PO list over hundreds of thousands of POs (decision 0023): sorting by each of the receiving
-- list's keys along an index, a keyword search that covers what the search box promises, totals
-- without counting, and kept answers by data generation.

-- The search box says 'Search PO ID, BoQ ID, Vendor ID, Vendor Name...': the BOQ's number and the
-- vendor's id join what was searched before (PO and indent numbers, vendor and project names), and
-- the project's code with them. A generated column's expression cannot be changed on PostgreSQL 15,
-- so it is made again; its trigram index goes with it and the service makes it again on start
-- (ensureTrigramIndexes).
ALTER TABLE {{schema}}.purchase_orders DROP COLUMN search;

-- Sort keys, stored so that an index holds them with po_seq and a page's numbers come from the index
-- alone. Status in the order a PO goes through (Open, Partial, Closed); vendor and project names
-- with ASCII letters lower-cased, in byte order ("C"), so the order is the same on every database
-- whatever its locale (a Devanagari name sorts after Latin ones).
ALTER TABLE {{schema}}.purchase_orders
  ADD COLUMN search text GENERATED ALWAYS AS (
    lower(po_number || ' ' || indent_number || ' ' || boq_number || ' ' || vendor_id::text || ' ' || vendor_name || ' ' || project_name || ' ' || project_code)
  ) STORED,
  ADD COLUMN sort_status smallint GENERATED ALWAYS AS (CASE status WHEN 'Open' THEN 0 WHEN 'Partial' THEN 1 ELSE 2 END) STORED,
  ADD COLUMN sort_vendor text COLLATE "C" GENERATED ALWAYS AS (lower(vendor_name COLLATE "C")) STORED,
  ADD COLUMN sort_project text COLLATE "C" GENERATED ALWAYS AS (lower(project_name COLLATE "C")) STORED;

-- Every sort ends in po_seq (unique), so rows that tie never move between pages, and '-key' is the
-- exact reverse of 'key' (one index serves both directions). Order date: purchase_orders_order
-- (001); PO number: the unique po_seq. The active list (Open and Partial, /po/open) has its own
-- small indexes: older POs are mostly Closed, and walking a whole-table index for the few active
-- ones would skip most of it.
CREATE INDEX purchase_orders_sort_status ON {{schema}}.purchase_orders (sort_status, po_seq);
CREATE INDEX purchase_orders_sort_vendor ON {{schema}}.purchase_orders (sort_vendor, po_seq);
CREATE INDEX purchase_orders_sort_project ON {{schema}}.purchase_orders (sort_project, po_seq);
CREATE INDEX purchase_orders_active_order ON {{schema}}.purchase_orders (order_date, po_seq) WHERE status IN ('Open', 'Partial');
CREATE INDEX purchase_orders_active_number ON {{schema}}.purchase_orders (po_seq) WHERE status IN ('Open', 'Partial');
CREATE INDEX purchase_orders_active_status ON {{schema}}.purchase_orders (sort_status, po_seq) WHERE status IN ('Open', 'Partial');
CREATE INDEX purchase_orders_active_vendor ON {{schema}}.purchase_orders (sort_vendor, po_seq) WHERE status IN ('Open', 'Partial');
CREATE INDEX purchase_orders_active_project ON {{schema}}.purchase_orders (sort_project, po_seq) WHERE status IN ('Open', 'Partial');

-- How many POs each project has in each status and all projects together, kept by a trigger (as
-- the indent list's, indent migration 002), so a total without a keyword or a vendor is a sum of a
-- few rows rather than a count of 200,000.
CREATE TABLE {{schema}}.po_counts (
  project_id uuid NOT NULL,
  status text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (project_id, status)
);
CREATE TABLE {{schema}}.po_totals (
  status text PRIMARY KEY,
  n bigint NOT NULL
);

CREATE FUNCTION {{schema}}.po_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE {{schema}}.po_counts SET n = n - 1 WHERE project_id = OLD.project_id AND status = OLD.status;
    UPDATE {{schema}}.po_totals SET n = n - 1 WHERE status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO {{schema}}.po_counts AS c (project_id, status, n) VALUES (NEW.project_id, NEW.status, 1)
      ON CONFLICT (project_id, status) DO UPDATE SET n = c.n + 1;
    INSERT INTO {{schema}}.po_totals AS t (status, n) VALUES (NEW.status, 1)
      ON CONFLICT (status) DO UPDATE SET n = t.n + 1;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER purchase_orders_counted_insert AFTER INSERT OR DELETE ON {{schema}}.purchase_orders
  FOR EACH ROW EXECUTE FUNCTION {{schema}}.po_counted();
CREATE TRIGGER purchase_orders_counted_update AFTER UPDATE OF status, project_id ON {{schema}}.purchase_orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.project_id IS DISTINCT FROM NEW.project_id)
  EXECUTE FUNCTION {{schema}}.po_counted();

INSERT INTO {{schema}}.po_counts (project_id, status, n)
  SELECT project_id, status, count(*) FROM {{schema}}.purchase_orders GROUP BY project_id, status;
INSERT INTO {{schema}}.po_totals (status, n)
  SELECT status, count(*) FROM {{schema}}.purchase_orders GROUP BY status;

-- The list's answers are kept by data generation (decisions 0019, 0021, 0023): a list row is built
-- from its purchase_orders row alone (status, totals, short-close and snapshots of names included),
-- so every statement writing that table moves the generation. The kept counts are written only by
-- its row trigger, in the same statement, so they are not watched.
SELECT {{schema}}.watch_list_changes(ARRAY['purchase_orders']);
