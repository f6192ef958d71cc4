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

-- Every table those answers are built from.
DO $$
DECLARE
  source text;
BEGIN
  FOREACH source IN ARRAY ARRAY['projects', 'access_members', 'boqs', 'boq_lines', 'boq_consumption', 'boq_counts'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON {{schema}}.%I FOR EACH STATEMENT EXECUTE FUNCTION {{schema}}.list_changed()',
                   source || '_list_changed', source);
  END LOOP;
END
$$;
