-- 0036: the heartbeat of a running job (DESIGN 7b, server/jobs/job-takeover.ts). pg-boss 10 has
-- no worker heartbeat of its own: the worker running a job refreshes its row here every few
-- seconds, and every live worker hands an active job whose heartbeat is older than
-- JOB_DEAD_AFTER_SECONDS back to pg-boss (fail → its retry), so a dead worker's job is taken
-- over. `attempt` is pg-boss's retry_count of the attempt that beats: a stale attempt's beat
-- never keeps a newer attempt alive. Rows go when the job ends or is handed back.
CREATE TABLE job_heartbeats (
  job_id uuid PRIMARY KEY,
  attempt integer NOT NULL,
  worker text NOT NULL,
  beat_at timestamptz NOT NULL DEFAULT now()
);
