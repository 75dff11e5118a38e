-- 0035: every statement that writes allowed origins and addresses tells the API nodes at commit
-- (LISTEN segra_cors), whoever runs it (another node, a customer's deletion, a fix in psql): they
-- drop the rules they keep, so an access change is in force on every node within 1 s (DESIGN 7b,
-- server/modules/cors-entries/cors-entries.ts). Once per statement, as 0029 does for findings.
CREATE FUNCTION segra_cors_entries_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('segra_cors', '');
  RETURN NULL;
END $$;

CREATE TRIGGER cors_entries_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cors_entries
  FOR EACH STATEMENT EXECUTE FUNCTION segra_cors_entries_changed();
