-- The BOQ list and a BOQ's page built by PostgreSQL (decision 0018), as the project list is
-- (decision 0017): each BOQ keeps its list entry as JSON text, rebuilt on every write of the BOQ
-- (and when its project is renamed, which rewrites the BOQ's project_search); the list's totals come
-- from counts kept per project and status, so a page never counts thousands of rows.

-- json_hundredths (paise or hundredths as the JSON number of rupees or units: 1250 -> 12.5) comes
-- from the kit's migration 6, which runs before this on a new schema (and replaced this migration's
-- own, identical, definition on a schema that ran it first).

-- A line's amount (planned x rate, rounded to the paisa) is the money module's lineAmount, computed in
-- Node when the line is written; the database only shows it. Lines written before this migration are
-- filled with the same rule (half away from zero; all values are positive).
ALTER TABLE {{schema}}.boq_lines ADD COLUMN amount_paise bigint;
UPDATE {{schema}}.boq_lines SET amount_paise = round(planned_hundredths::numeric * rate_paise / 100);
ALTER TABLE {{schema}}.boq_lines ALTER COLUMN amount_paise SET NOT NULL;

-- Each line's BoqLine as JSON text up to what receipts change: no closing brace, and without
-- consumedQuantity and balanceQuantity, which a read adds from boq_consumption. Rebuilt on every
-- write of the line and when the catalog renames its item (the item snapshots' trigger below).
ALTER TABLE {{schema}}.boq_lines ADD COLUMN entry text NOT NULL DEFAULT '';

CREATE FUNCTION {{schema}}.boq_line_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  item_name text;
BEGIN
  SELECT to_json(coalesce(s.name, ''))::text INTO item_name FROM (SELECT NULL) AS one
    LEFT JOIN {{schema}}.item_snapshots s ON s.item_id = NEW.item_id;
  NEW.entry := '{"_id":"' || NEW.id || '","item":{"_id":"' || NEW.item_id || '","name":' || item_name || '},"itemId":"' || NEW.item_id
    || '","name":' || item_name || ',"unit":' || to_json(NEW.unit)::text
    || ',"plannedQty":' || {{schema}}.json_hundredths(NEW.planned_hundredths) || ',"rate":' || {{schema}}.json_hundredths(NEW.rate_paise)
    || ',"amount":' || {{schema}}.json_hundredths(NEW.amount_paise) || ',"remark":' || to_json(NEW.remark)::text;
  RETURN NEW;
END
$$;
CREATE TRIGGER boq_lines_entry BEFORE INSERT OR UPDATE ON {{schema}}.boq_lines
  FOR EACH ROW EXECUTE FUNCTION {{schema}}.boq_line_entry();

CREATE INDEX boq_lines_item ON {{schema}}.boq_lines (item_id);

CREATE FUNCTION {{schema}}.item_snapshot_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE {{schema}}.boq_lines SET entry = '' WHERE item_id = NEW.item_id;
  RETURN NULL;
END
$$;
CREATE TRIGGER item_snapshots_lines_insert AFTER INSERT ON {{schema}}.item_snapshots
  FOR EACH ROW EXECUTE FUNCTION {{schema}}.item_snapshot_lines();
CREATE TRIGGER item_snapshots_lines_rename AFTER UPDATE OF name ON {{schema}}.item_snapshots
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION {{schema}}.item_snapshot_lines();

UPDATE {{schema}}.boq_lines SET entry = '';

-- The BoqSummary of the contract, field for field as the service's toSummary writes it.
ALTER TABLE {{schema}}.boqs ADD COLUMN list_entry text NOT NULL DEFAULT '';

CREATE FUNCTION {{schema}}.boq_list_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT row_to_json(e)::text INTO NEW.list_entry
    FROM (SELECT NEW.id AS "_id", NEW.boq_number AS "boqId", NEW.revision, NEW.name, NEW.description, NEW.notes,
                 (SELECT row_to_json(p) FROM (SELECT pr.id AS "_id", pr.name, pr.project_code AS "projectCode"
                                                FROM {{schema}}.projects pr WHERE pr.id = NEW.project_id) AS p) AS "projectId",
                 NEW.status, NEW.item_count AS "itemCount", NEW.indent_count AS "indentCount",
                 {{schema}}.json_hundredths(NEW.total_paise)::json AS "totalAmount",
                 (SELECT row_to_json(c) FROM (SELECT NEW.created_by AS "_id", coalesce(NEW.created_by_name, '') AS name) AS c
                   WHERE NEW.created_by IS NOT NULL) AS "createdBy",
                 -- Times as Date.toISOString writes them (UTC, milliseconds).
                 to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
                 to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt",
                 NEW.version) AS e;
  RETURN NEW;
END
$$;
CREATE TRIGGER boqs_list_entry BEFORE INSERT OR UPDATE ON {{schema}}.boqs
  FOR EACH ROW EXECUTE FUNCTION {{schema}}.boq_list_entry();

-- How many BOQ revisions each project has in each status: the list's totals (and the dashboard's
-- Active BoQs) without counting rows. Kept by a trigger on every insert, delete and change of status
-- or project. Each change first locks its project's row (as the BOQ count's update does), so two
-- transactions never hold one project's counts in opposite orders (a confirm moving draft to
-- confirmed beside a revision's confirm moving confirmed to superseded and draft to confirmed).
CREATE TABLE {{schema}}.boq_counts (
  project_id uuid NOT NULL,
  status text NOT NULL,
  n integer NOT NULL DEFAULT 0,
  PRIMARY KEY (project_id, status)
);

CREATE FUNCTION {{schema}}.boq_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM {{schema}}.projects
    WHERE id IN (CASE WHEN TG_OP <> 'INSERT' THEN OLD.project_id END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.project_id END)
    ORDER BY id FOR NO KEY UPDATE;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE {{schema}}.boq_counts SET n = n - 1 WHERE project_id = OLD.project_id AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO {{schema}}.boq_counts AS c (project_id, status, n) VALUES (NEW.project_id, NEW.status, 1)
      ON CONFLICT (project_id, status) DO UPDATE SET n = c.n + 1;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER boqs_count_insert_delete AFTER INSERT OR DELETE ON {{schema}}.boqs
  FOR EACH ROW EXECUTE FUNCTION {{schema}}.boq_count_change();
CREATE TRIGGER boqs_count_update AFTER UPDATE OF status, project_id ON {{schema}}.boqs
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.project_id IS DISTINCT FROM NEW.project_id)
  EXECUTE FUNCTION {{schema}}.boq_count_change();

-- The list's pages of revisions that are not superseded, newest first, read from the index alone.
CREATE INDEX boqs_listed ON {{schema}}.boqs (created_at DESC, id DESC) WHERE status <> 'superseded';
-- And of an Employee's projects (or one project's), read from this index alone before the page's entries are fetched.
CREATE INDEX boqs_project_listed ON {{schema}}.boqs (project_id, created_at DESC, id DESC) WHERE status <> 'superseded';

UPDATE {{schema}}.boqs SET version = version;
INSERT INTO {{schema}}.boq_counts (project_id, status, n)
  SELECT project_id, status, count(*) FROM {{schema}}.boqs GROUP BY project_id, status;
