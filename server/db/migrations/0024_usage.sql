-- 0024: usage ("did-do", DESIGN 5.17, issue 17). A system period has one usage table of its own,
-- uploaded apart from the extract (STAD / ST03N / SM20 exports), imported like the extract:
-- status, progress, error with file/line/column, warnings. Its rows are summed per user, tcode
-- and day (a row without a date has day NULL and counts in every window).
CREATE TABLE system_period_usage (
  system_period_id uuid PRIMARY KEY,
  customer_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'empty' CHECK (status IN ('empty', 'importing', 'ready', 'failed')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  error jsonb,
  warnings jsonb,
  usage_import_id uuid,
  importing_id uuid,
  file_name text,
  row_count integer,
  users integer,
  tcodes integer,
  first_day date,
  last_day date,
  imported_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT system_period_usage_period_fkey FOREIGN KEY (customer_id, system_period_id) REFERENCES system_periods (customer_id, id) ON DELETE CASCADE
);

CREATE TABLE usage_rows (
  import_id uuid NOT NULL,
  bname text NOT NULL,
  tcode text NOT NULL,
  day date,
  count bigint NOT NULL
);
CREATE INDEX usage_rows_import_idx ON usage_rows (import_id, bname);

-- The window an analysis reads of its period's usage (both bounds optional), and whether it uses it.
ALTER TABLE analyses ADD COLUMN IF NOT EXISTS with_usage boolean NOT NULL DEFAULT false;
ALTER TABLE analyses ADD COLUMN IF NOT EXISTS usage_from text CHECK (usage_from ~ '^\d{4}-\d{2}-\d{2}$');
ALTER TABLE analyses ADD COLUMN IF NOT EXISTS usage_to text CHECK (usage_to ~ '^\d{4}-\d{2}-\d{2}$');

-- EXECUTION (FULL | PARTIAL | NONE) and REMEDIATION (as `segra analyze --usage` writes it) of a
-- USER finding, and its per-function used tcodes (count, last day) with the remediation entries.
ALTER TABLE findings ADD COLUMN IF NOT EXISTS execution text CHECK (execution IN ('FULL', 'PARTIAL', 'NONE'));
ALTER TABLE findings ADD COLUMN IF NOT EXISTS remediation text;
ALTER TABLE findings ADD COLUMN IF NOT EXISTS usage jsonb;
-- Sort rank: FULL before PARTIAL before NONE, findings without usage last.
ALTER TABLE findings ADD COLUMN IF NOT EXISTS execution_rank smallint
  GENERATED ALWAYS AS (CASE execution WHEN 'FULL' THEN 3 WHEN 'PARTIAL' THEN 2 WHEN 'NONE' THEN 1 ELSE 0 END) STORED;
-- The findings list's execution filter and order, as migration 0020 does for the others: a page's
-- ids by an index-only scan (filter by execution, holder order; order by execution, newest rank first).
CREATE INDEX findings_page_execution_idx ON findings (analysis_id, customer_id, execution, holder, id);
CREATE INDEX findings_page_execution_rank_idx ON findings (analysis_id, customer_id, execution_rank DESC NULLS LAST, id DESC);

-- A period's usage rows go with its usage record (period deleted, usage removed).
CREATE OR REPLACE FUNCTION usage_rows_cleanup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.usage_import_id IS NOT NULL THEN
    DELETE FROM usage_rows WHERE import_id = OLD.usage_import_id;
  END IF;
  IF OLD.importing_id IS NOT NULL THEN
    DELETE FROM usage_rows WHERE import_id = OLD.importing_id;
  END IF;
  RETURN OLD;
END;
$$;
CREATE TRIGGER system_period_usage_cleanup AFTER DELETE ON system_period_usage FOR EACH ROW EXECUTE FUNCTION usage_rows_cleanup();
