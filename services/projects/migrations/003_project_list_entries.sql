-- The project list's entries as JSON text, kept by PostgreSQL on every change (decision 0017), so a
-- page is its rows' text joined: list_head is the entry up to `notes` (no closing brace), list_tail
-- from `boqCount` on (no opening brace), list_team the Employees between them (array elements, no
-- brackets): head || ',"employees":[' || team || '],' || tail is the Project of the contract, field
-- for field as the project's own page answers it.
ALTER TABLE {{schema}}.projects
  ADD COLUMN list_head text NOT NULL DEFAULT '',
  ADD COLUMN list_tail text NOT NULL DEFAULT '',
  ADD COLUMN list_team text NOT NULL DEFAULT '';

-- A project's Employees as `mergeTeam` makes them (decision 0015): the replica's Employees on the
-- project (not those with every project), with the changes of the last team_set the replica does not
-- show yet (the member's version has not moved past the one sent); by name as localeCompare orders.
CREATE FUNCTION {{schema}}.project_team(project uuid, pending jsonb) RETURNS text LANGUAGE sql STABLE AS $$
  WITH unconfirmed AS (
    SELECT m.member_id, (c ->> 'assigned')::boolean AS assigned
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(pending) = 'array' THEN pending ELSE '[]'::jsonb END) AS c
      JOIN {{schema}}.access_members m ON m.member_id::text = c ->> 'memberId'
     WHERE m.version <= (c ->> 'version')::int
  ), team AS (
    SELECT m.member_id FROM {{schema}}.access_members m
     WHERE m.permissions -> 'projects' ? project::text AND m.role = 'Employee'
       AND coalesce((m.permissions ->> 'allProjects')::boolean, false) = false
       AND m.member_id NOT IN (SELECT member_id FROM unconfirmed WHERE NOT assigned)
    UNION
    SELECT member_id FROM unconfirmed WHERE assigned
  )
  SELECT coalesce(string_agg(row_to_json(e)::text, ',' ORDER BY m.name COLLATE "und-x-icu", m.member_id), '')
    FROM team t JOIN {{schema}}.access_members m ON m.member_id = t.member_id
    CROSS JOIN LATERAL (SELECT m.member_id AS "_id", m.name, m.email, m.status) AS e
$$;

-- Every write of a project (the service's, the BOQ count's, a bulk INSERT) rebuilds its entry; the
-- team only when new or its unconfirmed changes moved.
CREATE FUNCTION {{schema}}.project_list_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT left(row_to_json(h)::text, -1) INTO NEW.list_head
    FROM (SELECT NEW.id AS "_id", NEW.project_code AS "projectCode", NEW.name, NEW.location,
                 coalesce(to_char(NEW.start_date, 'YYYY-MM-DD'), '') AS "startDate",
                 coalesce(to_char(NEW.target_completion_date, 'YYYY-MM-DD'), '') AS "targetCompletionDate",
                 NEW.status, NEW.notes) AS h;
  -- Times as Date.toISOString writes them (UTC, milliseconds).
  SELECT substr(row_to_json(t)::text, 2) INTO NEW.list_tail
    FROM (SELECT NEW.boq_count AS "boqCount",
                 to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
                 to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt",
                 (SELECT row_to_json(b) FROM (SELECT NEW.created_by AS "_id", coalesce(NEW.created_by_name, '') AS name) AS b
                   WHERE NEW.created_by IS NOT NULL) AS "createdBy",
                 NEW.version) AS t;
  IF TG_OP = 'INSERT' OR NEW.pending_team IS DISTINCT FROM OLD.pending_team THEN
    NEW.list_team := {{schema}}.project_team(NEW.id, NEW.pending_team);
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER projects_list_entry BEFORE INSERT OR UPDATE ON {{schema}}.projects
  FOR EACH ROW EXECUTE FUNCTION {{schema}}.project_list_entry();

-- A member's change in the access replica (projects, name, email, status, role, version) rebuilds the
-- team of every project they were or are on, and of those whose unconfirmed changes name them.
CREATE FUNCTION {{schema}}.access_member_list_teams() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE {{schema}}.projects p SET list_team = {{schema}}.project_team(p.id, p.pending_team)
   WHERE p.id IN (
           SELECT x::uuid FROM jsonb_array_elements_text(
             CASE WHEN jsonb_typeof(NEW.permissions -> 'projects') = 'array' THEN NEW.permissions -> 'projects' ELSE '[]'::jsonb END
             || CASE WHEN TG_OP = 'UPDATE' AND jsonb_typeof(OLD.permissions -> 'projects') = 'array' THEN OLD.permissions -> 'projects' ELSE '[]'::jsonb END) AS x
            WHERE x ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$')
      OR (p.pending_team <> '[]'::jsonb AND p.pending_team @> jsonb_build_array(jsonb_build_object('memberId', NEW.member_id::text)));
  RETURN NULL;
END
$$;
CREATE TRIGGER access_members_list_teams AFTER INSERT OR UPDATE ON {{schema}}.access_members
  FOR EACH ROW EXECUTE FUNCTION {{schema}}.access_member_list_teams();

-- Projects with unconfirmed changes are few; a member's change finds them by this index.
CREATE INDEX projects_pending_team ON {{schema}}.projects USING gin (pending_team jsonb_path_ops) WHERE pending_team <> '[]'::jsonb;

UPDATE {{schema}}.projects SET list_team = {{schema}}.project_team(id, pending_team);
