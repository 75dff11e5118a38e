-- 0008: queued analyses and their findings, risk acceptances and deactivations, stored SQL queries.

CREATE TABLE analyses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers (id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  system_period_id uuid NOT NULL,
  risk_period_id uuid NOT NULL,
  level text NOT NULL CHECK (level IN ('action', 'permission')),
  mode text NOT NULL CHECK (mode IN ('same-instance', 'union')),
  include_locked boolean NOT NULL DEFAULT false,
  include_expired boolean NOT NULL DEFAULT false,
  analysis_date text NOT NULL CHECK (analysis_date ~ '^\d{4}-\d{2}-\d{2}$'),
  status text NOT NULL DEFAULT 'enqueued' CHECK (status IN ('enqueued', 'running', 'completed', 'failed', 'canceled', 'unknown')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  phase text,
  error text,
  job_id text,
  counts jsonb,
  excluded_users jsonb,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  heartbeat_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT analyses_customer_id_id_key UNIQUE (customer_id, id),
  CONSTRAINT analyses_system_period_fkey FOREIGN KEY (customer_id, system_period_id) REFERENCES system_periods (customer_id, id) ON DELETE CASCADE,
  CONSTRAINT analyses_risk_period_fkey FOREIGN KEY (customer_id, risk_period_id) REFERENCES risk_periods (customer_id, id) ON DELETE CASCADE
);
CREATE INDEX analyses_customer_created_idx ON analyses (customer_id, created_at DESC);

CREATE TABLE findings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL,
  analysis_id uuid NOT NULL,
  level text NOT NULL CHECK (level IN ('USER', 'ROLE', 'PROFILE')),
  holder text NOT NULL,
  risk_id text NOT NULL,
  risk_level text NOT NULL,
  risk_type text NOT NULL,
  business_process text NOT NULL,
  -- As `segra analyze` prints them (FUNCTIONS and SOURCES columns), and in full as JSON.
  functions text NOT NULL,
  sources text NOT NULL,
  provenance jsonb NOT NULL,
  -- Roles the holder (a user) holds that meet the whole risk by themselves (DESIGN 5.12):
  -- what a role-scoped acceptance needs, kept so acceptances can change after the analysis.
  meeting_roles text[] NOT NULL DEFAULT '{}',
  accepted boolean NOT NULL DEFAULT false,
  accepted_by text,
  acceptance_id uuid,
  message text,
  CONSTRAINT findings_analysis_fkey FOREIGN KEY (customer_id, analysis_id) REFERENCES analyses (customer_id, id) ON DELETE CASCADE
);
CREATE INDEX findings_analysis_idx ON findings (analysis_id, level, holder, risk_id);
CREATE INDEX findings_analysis_risk_idx ON findings (analysis_id, risk_id);

CREATE TABLE risk_acceptances (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers (id),
  risk_id text NOT NULL,
  scope text NOT NULL CHECK (scope IN ('global', 'user', 'role')),
  holder text NOT NULL DEFAULT '',
  message text NOT NULL,
  valid_from text CHECK (valid_from ~ '^\d{4}-\d{2}-\d{2}$'),
  valid_to text CHECK (valid_to ~ '^\d{4}-\d{2}-\d{2}$'),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT risk_acceptances_holder_check CHECK ((scope = 'global') = (holder = '')),
  CONSTRAINT risk_acceptances_validity_check CHECK (valid_from IS NULL OR valid_to IS NULL OR valid_from <= valid_to),
  CONSTRAINT risk_acceptances_key UNIQUE (customer_id, risk_id, scope, holder)
);

CREATE TABLE risk_deactivations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers (id),
  risk_id text NOT NULL,
  message text NOT NULL DEFAULT '',
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT risk_deactivations_key UNIQUE (customer_id, risk_id)
);

CREATE TABLE sql_queries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers (id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  type text NOT NULL DEFAULT 'general',
  raw_query text NOT NULL,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT sql_queries_customer_name_key UNIQUE (customer_id, name)
);
