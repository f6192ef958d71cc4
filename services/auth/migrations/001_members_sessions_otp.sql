CREATE TABLE {{schema}}.members (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  phone_number text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'inactive')),
  role text NOT NULL CHECK (role IN ('Admin', 'Purchaser', 'Accountant', 'Employee')),
  notes text NOT NULL DEFAULT '',
  all_projects boolean NOT NULL DEFAULT false,
  projects uuid[] NOT NULL DEFAULT '{}',
  modules jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid REFERENCES {{schema}}.members (id),
  updated_by uuid REFERENCES {{schema}}.members (id),
  last_login_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  search text GENERATED ALWAYS AS (lower(name || ' ' || email || ' ' || phone_number || ' ' || role)) STORED
);
CREATE UNIQUE INDEX members_phone ON {{schema}}.members (phone_number);
CREATE UNIQUE INDEX members_email ON {{schema}}.members (lower(email));
CREATE INDEX members_created ON {{schema}}.members (created_at DESC, id);

CREATE TABLE {{schema}}.sessions (
  id uuid PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES {{schema}}.members (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text,
  ip text,
  user_agent text
);
CREATE INDEX sessions_member ON {{schema}}.sessions (member_id) WHERE revoked_at IS NULL;

-- Codes are kept only as an HMAC of number and code.
CREATE TABLE {{schema}}.otp_codes (
  id uuid PRIMARY KEY,
  phone_number text NOT NULL,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  consumed_at timestamptz
);
CREATE INDEX otp_codes_phone ON {{schema}}.otp_codes (phone_number, created_at DESC);

-- Every request for a code, member or not, for the per-number and per-address limits.
CREATE TABLE {{schema}}.otp_requests (
  id bigserial PRIMARY KEY,
  phone_number text NOT NULL,
  ip text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX otp_requests_phone ON {{schema}}.otp_requests (phone_number, requested_at DESC);
CREATE INDEX otp_requests_ip ON {{schema}}.otp_requests (ip, requested_at DESC);
