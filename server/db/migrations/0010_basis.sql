-- 0010: basis analysis (DESIGN 6 `basis-findings`, `segra basis`): the engine's basis checks run
-- on a stored system period; the latest run per period is kept, replacing earlier ones.

-- One row per period that was checked: when, by whom, for which date, and the catalogue as it
-- applied to the extract (some checks are unavailable when tables are missing).
CREATE TABLE basis_runs (
  system_period_id uuid PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers (id),
  analysis_date text NOT NULL CHECK (analysis_date ~ '^\d{4}-\d{2}-\d{2}$'),
  data_import_id uuid NOT NULL,
  findings integer NOT NULL,
  checks jsonb NOT NULL,
  run_by text,
  run_at timestamptz NOT NULL DEFAULT now(),
  duration_ms integer,
  CONSTRAINT basis_runs_period_fkey FOREIGN KEY (customer_id, system_period_id) REFERENCES system_periods (customer_id, id) ON DELETE CASCADE
);

-- The rows of `segra basis` (CHECK_ID, ID, DETAIL) with the check's catalogue entry copied in,
-- so lists can filter, sort and explain without the engine.
CREATE TABLE basis_findings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers (id),
  system_period_id uuid NOT NULL,
  check_id text NOT NULL,
  -- The CSV's ID column: a BNAME, or the client for a T000 finding.
  holder text NOT NULL,
  detail text NOT NULL,
  title text NOT NULL DEFAULT '',
  explanation text NOT NULL DEFAULT '',
  severity text NOT NULL DEFAULT 'INFO',
  category text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT basis_findings_period_fkey FOREIGN KEY (customer_id, system_period_id) REFERENCES system_periods (customer_id, id) ON DELETE CASCADE
);
CREATE INDEX basis_findings_period_idx ON basis_findings (system_period_id, check_id, holder);
