-- 0037: fair share across customers (DESIGN 7b, server/jobs/admission.ts). A customer's heavy jobs
-- (imports, analyses, basis runs) wait here until the dispatcher releases them to the job queue,
-- at most TENANT_RUNNING_JOBS of a customer at a time, the customer served longest ago first; a
-- released row stays until its job ends, so the rows of a customer are what it has running and
-- waiting. The row's id is the id its pg-boss job is sent with.
CREATE TABLE tenant_jobs (
  id uuid PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  -- The queue (server/jobs/job-names.ts).
  name text NOT NULL,
  -- What the job works on, whose record says when the work ended: the analysis, the import
  -- (importing_id), the risk period, the system period of a basis run. Null while the request
  -- that reserved the place is still storing what the job needs.
  subject uuid,
  -- The job's data; null while reserved.
  data jsonb,
  -- Order of arrival: a customer's jobs are released first come, first served.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Null while waiting.
  released_at timestamptz
);
CREATE INDEX tenant_jobs_customer ON tenant_jobs (customer_id, seq);
CREATE INDEX tenant_jobs_subject ON tenant_jobs (subject);

-- When each customer last had a job released: the next free slot goes to the one served longest ago.
CREATE TABLE tenant_turns (
  customer_id uuid PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  served_at timestamptz NOT NULL
);

-- Simulations and stored queries running per user (USER_RUNNING_SIMULATIONS, USER_RUNNING_QUERIES),
-- seen by every API node. A row a stopped node left behind stops counting at expires_at.
CREATE TABLE user_slots (
  id uuid PRIMARY KEY,
  user_id text NOT NULL,
  kind text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX user_slots_user ON user_slots (user_id, kind);
