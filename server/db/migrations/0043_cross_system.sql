-- 0043: cross-system analyses (DESIGN 5.18, issue 32). An analysis of several systems lists
-- every system period it covers here, its own system_period_id included (one row per system);
-- an analysis of one system has no rows and runs exactly as before.
CREATE TABLE analysis_systems (
  analysis_id uuid NOT NULL,
  customer_id uuid NOT NULL,
  system_id uuid NOT NULL,
  system_period_id uuid NOT NULL,
  -- The SID the engine names the system by (IDs `SID/ROLE`, source paths), as it was when the
  -- analysis was created: a later rename of the system does not change stored findings.
  sid text NOT NULL,
  PRIMARY KEY (analysis_id, system_id),
  CONSTRAINT analysis_systems_analysis_fkey FOREIGN KEY (customer_id, analysis_id) REFERENCES analyses (customer_id, id) ON DELETE CASCADE,
  CONSTRAINT analysis_systems_system_fkey FOREIGN KEY (customer_id, system_id) REFERENCES systems (customer_id, id) ON DELETE CASCADE,
  CONSTRAINT analysis_systems_period_fkey FOREIGN KEY (customer_id, system_period_id) REFERENCES system_periods (customer_id, id) ON DELETE CASCADE
);
CREATE INDEX analysis_systems_period_idx ON analysis_systems (system_period_id);

-- A period (or system) deleted under a cross-system analysis takes the analysis with it, as
-- deleting its first period does (analyses_system_period_fkey): an analysis never silently
-- covers fewer systems than it was run on.
CREATE FUNCTION analysis_systems_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analyses WHERE id = OLD.analysis_id;
  RETURN NULL;
END $$;
CREATE TRIGGER analysis_systems_gone AFTER DELETE ON analysis_systems FOR EACH ROW EXECUTE FUNCTION analysis_systems_gone();

-- CROSS_SYSTEM of a finding: no single system's user meets the whole risk.
ALTER TABLE findings ADD COLUMN cross_system boolean NOT NULL DEFAULT false;

-- One user mapping per customer (SYSTEM, BNAME, PERSON), used by its cross-system analyses.
CREATE TABLE user_map_entries (
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  system text NOT NULL,
  bname text NOT NULL,
  person text NOT NULL,
  PRIMARY KEY (customer_id, system, bname)
);
