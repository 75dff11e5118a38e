-- 0009: the sandbox of special SQL queries (DESIGN 7; docs/decisions/2026-11-21-special-sql-sandbox.md).
--
-- A stored query runs as the NOLOGIN role segra_sql_reader (SET LOCAL ROLE) in a read-only
-- transaction that always rolls back. That role may read only the views of schema sql_sandbox:
-- one per SAP table, named as in SAP without the sap_ prefix (usr02, agr_users, agr_1251, …),
-- with the SAP columns in lower case and without import_id / seq. The views run with their
-- owner's rights and show only the rows of the import named in sql_sandbox_scope by the
-- current transaction: the server inserts that row as the owner before switching role and
-- never commits it, so no other transaction can see it and the reader cannot change it.

-- Roles are cluster-wide: several databases (and concurrent test databases) share this one.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'segra_sql_reader') THEN
    BEGIN
      CREATE ROLE segra_sql_reader NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL; -- created meanwhile by the migration of another database
    END;
  END IF;
  -- The server's own role switches to the reader with SET LOCAL ROLE (a superuser may anyway).
  IF NOT pg_has_role(current_user, 'segra_sql_reader', 'MEMBER') THEN
    EXECUTE format('GRANT segra_sql_reader TO %I', current_user);
  END IF;
END
$$;

-- The import a sandbox transaction may read: one row per transaction, keyed by its id, written
-- by the server (not the reader) and always rolled back with the transaction.
CREATE TABLE sql_sandbox_scope (
  xact xid8 PRIMARY KEY DEFAULT pg_current_xact_id(),
  import_id uuid NOT NULL
);
REVOKE ALL ON sql_sandbox_scope FROM PUBLIC;

CREATE SCHEMA sql_sandbox;
REVOKE ALL ON SCHEMA sql_sandbox FROM PUBLIC;
GRANT USAGE ON SCHEMA sql_sandbox TO segra_sql_reader;

-- security_barrier: the scope filter runs before any condition of the user's query, so an
-- error raised by such a condition (a failing cast, …) can never show another import's value.

CREATE VIEW sql_sandbox.usr02 WITH (security_barrier) AS
  SELECT t.bname, t.ustyp, t.uflag, t.gltgv, t.gltgb, t.trdat, t.class, t.codvn, t.pwdstate, t.erdat
  FROM public.sap_usr02 t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());
CREATE VIEW sql_sandbox.agr_users WITH (security_barrier) AS
  SELECT t.agr_name, t.uname, t.from_dat, t.to_dat
  FROM public.sap_agr_users t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());
CREATE VIEW sql_sandbox.agr_1251 WITH (security_barrier) AS
  SELECT t.agr_name, t.object, t.auth, t.field, t.low, t.high, t.deleted
  FROM public.sap_agr_1251 t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());
CREATE VIEW sql_sandbox.agr_define WITH (security_barrier) AS
  SELECT t.agr_name, t.parent_agr
  FROM public.sap_agr_define t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());
CREATE VIEW sql_sandbox.agr_agrs WITH (security_barrier) AS
  SELECT t.agr_name, t.child_agr
  FROM public.sap_agr_agrs t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());
CREATE VIEW sql_sandbox.agr_1252 WITH (security_barrier) AS
  SELECT t.agr_name, t.varbl, t.low, t.high
  FROM public.sap_agr_1252 t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());
CREATE VIEW sql_sandbox.agr_texts WITH (security_barrier) AS
  SELECT t.agr_name, t.text
  FROM public.sap_agr_texts t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());
CREATE VIEW sql_sandbox.agr_1016 WITH (security_barrier) AS
  SELECT t.agr_name, t.profile
  FROM public.sap_agr_1016 t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());
CREATE VIEW sql_sandbox.ust04 WITH (security_barrier) AS
  SELECT t.bname, t.profile
  FROM public.sap_ust04 t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());
CREATE VIEW sql_sandbox.ust10c WITH (security_barrier) AS
  SELECT t.profn, t.subprof
  FROM public.sap_ust10c t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());
CREATE VIEW sql_sandbox.ust10s WITH (security_barrier) AS
  SELECT t.profn, t.objct, t.auth
  FROM public.sap_ust10s t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());
CREATE VIEW sql_sandbox.ust12 WITH (security_barrier) AS
  SELECT t.objct, t.auth, t.field, t.von, t.bis
  FROM public.sap_ust12 t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());
CREATE VIEW sql_sandbox.usrefus WITH (security_barrier) AS
  SELECT t.bname, t.refuser
  FROM public.sap_usrefus t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());
CREATE VIEW sql_sandbox.usr06 WITH (security_barrier) AS
  SELECT t.bname, t.lic_type
  FROM public.sap_usr06 t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());
CREATE VIEW sql_sandbox.user_addr WITH (security_barrier) AS
  SELECT t.bname, t.name_first, t.name_last, t.name_textc, t.department, t.smtp_addr
  FROM public.sap_user_addr t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());
CREATE VIEW sql_sandbox.tstct WITH (security_barrier) AS
  SELECT t.tcode, t.ttext
  FROM public.sap_tstct t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());
CREATE VIEW sql_sandbox.tstca WITH (security_barrier) AS
  SELECT t.tcode, t.objct, t.field, t.value
  FROM public.sap_tstca t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());
CREATE VIEW sql_sandbox.cvers WITH (security_barrier) AS
  SELECT t.component, t.release, t.extrelease
  FROM public.sap_cvers t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());
CREATE VIEW sql_sandbox.t000 WITH (security_barrier) AS
  SELECT t.mandt, t.cccategory, t.cccoractiv, t.ccnocliind
  FROM public.sap_t000 t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());

GRANT SELECT ON sql_sandbox.usr02, sql_sandbox.agr_users, sql_sandbox.agr_1251, sql_sandbox.agr_define, sql_sandbox.agr_agrs, sql_sandbox.agr_1252, sql_sandbox.agr_texts, sql_sandbox.agr_1016, sql_sandbox.ust04, sql_sandbox.ust10c, sql_sandbox.ust10s, sql_sandbox.ust12, sql_sandbox.usrefus, sql_sandbox.usr06, sql_sandbox.user_addr, sql_sandbox.tstct, sql_sandbox.tstca, sql_sandbox.cvers, sql_sandbox.t000 TO segra_sql_reader;
