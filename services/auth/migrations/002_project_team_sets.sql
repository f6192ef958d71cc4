-- The last erp.projects.team_set.v1 applied per project (decision 0015): an older or repeated
-- sequence changes nothing.
CREATE TABLE {{schema}}.project_team_sets (
  project_id uuid PRIMARY KEY,
  sequence bigint NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX members_projects ON {{schema}}.members USING gin (projects);
