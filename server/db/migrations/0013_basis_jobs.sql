-- 0013: the basis checks run as a queued job (like imports and analyses) instead of inside the
-- HTTP request, which took ~30 s on a large period. The one row per period now carries two
-- things: the state of the latest requested run (status … error) and the results of the last
-- completed run (analysis_date … duration_ms, as before), which stay readable while a new run
-- is enqueued or running and are replaced only in that run's final transaction.

ALTER TABLE basis_runs
  -- Rows written before this migration are completed runs.
  ADD COLUMN status text NOT NULL DEFAULT 'completed' CHECK (status IN ('enqueued', 'running', 'completed', 'failed')),
  ADD COLUMN phase text,
  ADD COLUMN progress integer NOT NULL DEFAULT 100 CHECK (progress BETWEEN 0 AND 100),
  ADD COLUMN error text,
  ADD COLUMN job_id text,
  ADD COLUMN requested_by text,
  ADD COLUMN requested_at timestamptz,
  ADD COLUMN started_at timestamptz,
  ADD COLUMN finished_at timestamptz,
  -- Proves the worker alive; the stale-work sweep fails a running row whose heartbeat is old.
  ADD COLUMN heartbeat_at timestamptz,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

UPDATE basis_runs SET requested_by = run_by, requested_at = run_at, started_at = run_at, finished_at = run_at;

-- New rows are requests: enqueued, without results until a run completes.
ALTER TABLE basis_runs
  ALTER COLUMN status SET DEFAULT 'enqueued',
  ALTER COLUMN progress SET DEFAULT 0,
  ALTER COLUMN analysis_date DROP NOT NULL,
  ALTER COLUMN data_import_id DROP NOT NULL,
  ALTER COLUMN findings DROP NOT NULL,
  ALTER COLUMN checks DROP NOT NULL,
  ALTER COLUMN run_at DROP NOT NULL,
  ALTER COLUMN run_at DROP DEFAULT,
  -- A completed row always has the results it completed with.
  ADD CONSTRAINT basis_runs_completed_check CHECK (status <> 'completed' OR run_at IS NOT NULL);

-- The periodic sweep looks for running rows only.
CREATE INDEX basis_runs_running_idx ON basis_runs (status) WHERE status = 'running';
