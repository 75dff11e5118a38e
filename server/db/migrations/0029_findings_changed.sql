-- 0029: every statement that writes findings tells the API nodes at commit (LISTEN
-- segra_findings), whoever runs it (an analysis in a worker, an acceptance re-applied on another
-- node, a fix by hand in psql): they drop the list pages of findings they keep (issue 12,
-- server/resources/kept-pages.ts). Once per statement, not per row: storing a million findings
-- costs one notification, and NOTIFY folds repeats within a transaction.
CREATE FUNCTION segra_findings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('segra_findings', '');
  RETURN NULL;
END $$;

CREATE TRIGGER findings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON findings
  FOR EACH STATEMENT EXECUTE FUNCTION segra_findings_changed();
