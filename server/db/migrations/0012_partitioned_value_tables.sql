-- 0012: AGR_1251 and UST12 hold millions of rows per import. Each import gets its own
-- partition, loaded with COPY while it has no index and attached when complete; an analysis
-- scans only its import's partition, and dropping an import drops its partition at once.
-- Rows written before this migration stay readable in the DEFAULT partition (with its index).

ALTER TABLE sap_agr_1251 RENAME TO sap_agr_1251_before_0012;
CREATE TABLE sap_agr_1251 (
  import_id uuid NOT NULL, seq integer NOT NULL, agr_name text NOT NULL, object text NOT NULL, auth text NOT NULL,
  field text NOT NULL, low text NOT NULL, high text NOT NULL, deleted boolean NOT NULL
) PARTITION BY LIST (import_id);
ALTER TABLE sap_agr_1251 ATTACH PARTITION sap_agr_1251_before_0012 DEFAULT;

ALTER TABLE sap_ust12 RENAME TO sap_ust12_before_0012;
CREATE TABLE sap_ust12 (
  import_id uuid NOT NULL, seq integer NOT NULL, objct text NOT NULL, auth text NOT NULL, field text NOT NULL,
  von text NOT NULL, bis text NOT NULL
) PARTITION BY LIST (import_id);
ALTER TABLE sap_ust12 ATTACH PARTITION sap_ust12_before_0012 DEFAULT;

-- The special-SQL views (0009) read the new parents; their grants stay.
CREATE OR REPLACE VIEW sql_sandbox.agr_1251 WITH (security_barrier) AS
  SELECT t.agr_name, t.object, t.auth, t.field, t.low, t.high, t.deleted
  FROM public.sap_agr_1251 t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());
CREATE OR REPLACE VIEW sql_sandbox.ust12 WITH (security_barrier) AS
  SELECT t.objct, t.auth, t.field, t.von, t.bis
  FROM public.sap_ust12 t
  WHERE t.import_id = (SELECT s.import_id FROM public.sql_sandbox_scope s WHERE s.xact = pg_current_xact_id());
