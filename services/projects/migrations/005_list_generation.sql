-- The generation of what the project and BOQ lists and a BOQ's page show (decision 0019): the sum
-- of `weight` over this table, as a snapshot sees it. Every statement that writes a table those
-- answers are built from adds a row of weight 1 in its own transaction, so the sum a snapshot sees
-- grows with each transaction it sees commit, and since a later snapshot sees every commit an
-- earlier one saw, two snapshots that see the same sum see the same data. Inserts never wait on
-- each other. Every 200th row folds the committed rows into one of the same total weight
-- (one folder at a time), so the table stays small.
CREATE TABLE {{schema}}.list_changes (
  id bigserial PRIMARY KEY,
  weight bigint NOT NULL DEFAULT 1
);
INSERT INTO {{schema}}.list_changes (weight) VALUES (1);

CREATE FUNCTION {{schema}}.list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added bigint;
  folded bigint;
BEGIN
  INSERT INTO {{schema}}.list_changes (weight) VALUES (1) RETURNING id INTO added;
  IF added % 200 = 0 AND pg_try_advisory_xact_lock(hashtext('{{schema}}.list_changes')) THEN
    -- Only rows this transaction could delete are folded: their weights move to one new row.
    WITH gone AS (DELETE FROM {{schema}}.list_changes WHERE id < added RETURNING weight)
    SELECT sum(weight) INTO folded FROM gone;
    IF folded IS NOT NULL THEN
      INSERT INTO {{schema}}.list_changes (weight) VALUES (folded);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER projects_list_changed AFTER INSERT OR UPDATE OR DELETE ON {{schema}}.projects
  FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.list_changed();
CREATE TRIGGER access_members_list_changed AFTER INSERT OR UPDATE OR DELETE ON {{schema}}.access_members
  FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.list_changed();
CREATE TRIGGER boqs_list_changed AFTER INSERT OR UPDATE OR DELETE ON {{schema}}.boqs
  FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.list_changed();
CREATE TRIGGER boq_lines_list_changed AFTER INSERT OR UPDATE OR DELETE ON {{schema}}.boq_lines
  FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.list_changed();
CREATE TRIGGER boq_consumption_list_changed AFTER INSERT OR UPDATE OR DELETE ON {{schema}}.boq_consumption
  FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.list_changed();
CREATE TRIGGER boq_counts_list_changed AFTER INSERT OR UPDATE OR DELETE ON {{schema}}.boq_counts
  FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.list_changed();
