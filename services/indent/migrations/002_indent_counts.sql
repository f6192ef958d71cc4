-- What the indent list reads with each row instead of computing it per page (the 100,000-indent
-- budget): how many indents each project has in each status and all projects together, kept by a
-- trigger, so a total without a keyword is a sum of a few rows; and each indent's count of lines
-- beyond the BOQ balance.
CREATE TABLE {{schema}}.indent_counts (
  project_id uuid NOT NULL,
  status text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (project_id, status)
);
CREATE TABLE {{schema}}.indent_totals (
  status text PRIMARY KEY,
  n bigint NOT NULL
);

CREATE FUNCTION {{schema}}.indent_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE {{schema}}.indent_counts SET n = n - 1 WHERE project_id = OLD.project_id AND status = OLD.status;
    UPDATE {{schema}}.indent_totals SET n = n - 1 WHERE status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO {{schema}}.indent_counts AS c (project_id, status, n) VALUES (NEW.project_id, NEW.status, 1)
      ON CONFLICT (project_id, status) DO UPDATE SET n = c.n + 1;
    INSERT INTO {{schema}}.indent_totals AS t (status, n) VALUES (NEW.status, 1)
      ON CONFLICT (status) DO UPDATE SET n = t.n + 1;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER indents_counted_insert AFTER INSERT OR DELETE ON {{schema}}.indents
  FOR EACH ROW EXECUTE FUNCTION {{schema}}.indent_counted();
CREATE TRIGGER indents_counted_update AFTER UPDATE OF status, project_id ON {{schema}}.indents
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.project_id IS DISTINCT FROM NEW.project_id)
  EXECUTE FUNCTION {{schema}}.indent_counted();

INSERT INTO {{schema}}.indent_counts (project_id, status, n)
  SELECT project_id, status, count(*) FROM {{schema}}.indents GROUP BY project_id, status;
INSERT INTO {{schema}}.indent_totals (status, n)
  SELECT status, count(*) FROM {{schema}}.indents GROUP BY status;

-- How many of an indent's lines are beyond their BOQ balance (decision 0020: the current confirmed
-- revision's planned quantity less what receipts consumed; a line the BOQ does not plan is over).
-- Set when the lines are saved, and again for the indents of a BOQ number when its revisions or
-- consumption change.
ALTER TABLE {{schema}}.indents ADD COLUMN over_boq_lines integer NOT NULL DEFAULT 0;

CREATE FUNCTION {{schema}}.over_boq_lines(indent uuid) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT count(*)::int
    FROM {{schema}}.indent_lines l
    JOIN {{schema}}.indents i ON i.id = l.indent_id
    LEFT JOIN {{schema}}.boq_snapshots b ON b.boq_id = i.boq_id
    LEFT JOIN LATERAL (SELECT r.boq_id FROM {{schema}}.boq_snapshots r WHERE r.boq_number = b.boq_number AND r.status = 'confirmed'
                        ORDER BY r.revision DESC LIMIT 1) cur ON true
    LEFT JOIN {{schema}}.boq_line_snapshots bl ON bl.boq_id = coalesce(cur.boq_id, i.boq_id) AND bl.item_id = l.item_id
    LEFT JOIN {{schema}}.boq_consumed c ON c.boq_number = b.boq_number AND c.item_id = l.item_id
   WHERE l.indent_id = indent
     AND l.quantity_hundredths > greatest(coalesce(bl.planned_hundredths - coalesce(c.consumed_hundredths, 0), 0), 0)
$$;
CREATE INDEX indents_boq ON {{schema}}.indents (boq_id);
UPDATE {{schema}}.indents SET over_boq_lines = {{schema}}.over_boq_lines(id);
