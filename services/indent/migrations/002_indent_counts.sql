-- How many indents each project has in each status, kept by a trigger on every insert, status or
-- project change and delete, so the list's total without a keyword is a sum of a few rows instead of
-- a count of up to LIST_COUNT_CAP indents on every page (the 100,000-indent budget).
CREATE TABLE {{schema}}.indent_counts (
  project_id uuid NOT NULL,
  status text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (project_id, status)
);

CREATE FUNCTION {{schema}}.indent_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE {{schema}}.indent_counts SET n = n - 1 WHERE project_id = OLD.project_id AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO {{schema}}.indent_counts AS c (project_id, status, n) VALUES (NEW.project_id, NEW.status, 1)
      ON CONFLICT (project_id, status) DO UPDATE SET n = c.n + 1;
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
