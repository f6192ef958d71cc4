-- Project codes PRJ-0001, PRJ-0002, ... are suggested from this sequence (never reused, gaps allowed);
-- a code typed by the user is kept as typed.
CREATE SEQUENCE {{schema}}.project_code_seq;

CREATE TABLE {{schema}}.projects (
  id uuid PRIMARY KEY,
  project_code text NOT NULL,
  name text NOT NULL,
  location text NOT NULL DEFAULT '',
  start_date date,
  target_completion_date date,
  status text NOT NULL CHECK (status IN ('planning', 'inProgress', 'onHold', 'completed')),
  notes text NOT NULL DEFAULT '',
  boq_count integer NOT NULL DEFAULT 0,
  -- The last team_set sent for this project (decision 0015): its sequence, and the changes it asked
  -- auth for that the access replica may not show yet ({ memberId, assigned, version } each, version
  -- being the member's replica version when it was sent; a newer replica version means auth applied it).
  team_sequence bigint NOT NULL DEFAULT 0,
  pending_team jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  created_by_name text,
  updated_by uuid,
  version integer NOT NULL DEFAULT 1,
  search text GENERATED ALWAYS AS (lower(project_code || ' ' || name || ' ' || location)) STORED
);
CREATE UNIQUE INDEX projects_code ON {{schema}}.projects (lower(project_code));
CREATE INDEX projects_created ON {{schema}}.projects (created_at DESC, id DESC);
CREATE INDEX projects_status ON {{schema}}.projects (status, created_at DESC, id DESC);

-- Demo assignments waiting for the demo Employee to reach the access replica (seed only).
CREATE TABLE {{schema}}.demo_assignments (
  project_id uuid NOT NULL REFERENCES {{schema}}.projects (id),
  member_email text NOT NULL,
  PRIMARY KEY (project_id, member_email)
);

-- Which Employees a project has is read from the access replica (kit table, migrated before this file).
CREATE INDEX access_members_projects ON {{schema}}.access_members USING gin ((permissions -> 'projects'));
