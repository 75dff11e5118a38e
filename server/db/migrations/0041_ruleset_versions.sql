-- 0041: a ruleset import writes its rows as a new version, in short statements, and makes it the
-- period's in one short transaction at the end (DESIGN 7b, issue 28). One transaction around the
-- whole write held the embedded database's single connection for some 20 s on a ruleset of
-- 100,000 functions, so every other customer's request waited.
--
-- The rows live in ruleset_functions / ruleset_risks, each under the version (ruleset_id) it
-- belongs to; risk_periods.ruleset_id is the version shown, staged_ruleset_id the one being
-- written. The views functions / risks keep the names every reader and the resource layer use and
-- show the period's version only, so a half-written version is never visible; they are simple
-- enough for PostgreSQL to update and insert through them.
ALTER TABLE risk_periods ADD COLUMN ruleset_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE risk_periods ADD COLUMN staged_ruleset_id uuid;

ALTER TABLE functions RENAME TO ruleset_functions;
ALTER TABLE ruleset_functions ADD COLUMN ruleset_id uuid;
UPDATE ruleset_functions f SET ruleset_id = p.ruleset_id FROM risk_periods p WHERE p.id = f.risk_period_id;
ALTER TABLE ruleset_functions ALTER COLUMN ruleset_id SET NOT NULL;
-- Unique within a version; the period first, so a period's functions are still read in function order.
ALTER TABLE ruleset_functions DROP CONSTRAINT functions_period_function_key;
ALTER TABLE ruleset_functions ADD CONSTRAINT ruleset_functions_version_function_key UNIQUE (risk_period_id, function_id, ruleset_id);

ALTER TABLE risks RENAME TO ruleset_risks;
ALTER TABLE ruleset_risks ADD COLUMN ruleset_id uuid;
UPDATE ruleset_risks r SET ruleset_id = p.ruleset_id FROM risk_periods p WHERE p.id = r.risk_period_id;
ALTER TABLE ruleset_risks ALTER COLUMN ruleset_id SET NOT NULL;
ALTER TABLE ruleset_risks DROP CONSTRAINT risks_period_risk_key;
ALTER TABLE ruleset_risks ADD CONSTRAINT ruleset_risks_version_risk_key UNIQUE (risk_period_id, risk_id, ruleset_id);

-- A row added through the views (a function or risk created in the app, a copied period) belongs
-- to the version its period shows.
CREATE FUNCTION ruleset_row_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.ruleset_id IS NULL THEN
    SELECT ruleset_id INTO NEW.ruleset_id FROM risk_periods WHERE id = NEW.risk_period_id;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER ruleset_functions_version BEFORE INSERT ON ruleset_functions FOR EACH ROW EXECUTE FUNCTION ruleset_row_version();
CREATE TRIGGER ruleset_risks_version BEFORE INSERT ON ruleset_risks FOR EACH ROW EXECUTE FUNCTION ruleset_row_version();

CREATE VIEW functions AS
  SELECT f.id, f.customer_id, f.risk_period_id, f.function_id, f.position, f.description, f.business_process,
         f.actions, f.permissions, f.created_at, f.updated_at
  FROM ruleset_functions f
  WHERE EXISTS (SELECT 1 FROM risk_periods p WHERE p.id = f.risk_period_id AND p.ruleset_id = f.ruleset_id);

CREATE VIEW risks AS
  SELECT r.id, r.customer_id, r.risk_period_id, r.risk_id, r.position, r.description, r.risk_type, r.risk_level,
         r.business_process, r.active, r.function_ids, r.manual, r.created_at, r.updated_at, r.org_fields
  FROM ruleset_risks r
  WHERE EXISTS (SELECT 1 FROM risk_periods p WHERE p.id = r.risk_period_id AND p.ruleset_id = r.ruleset_id);
