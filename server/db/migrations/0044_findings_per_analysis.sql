-- 0044: the findings of each analysis in a partition of their own (issue 30 item 3,
-- docs/decisions/2026-11-28-server-path-on-wide-shapes.md). Storing an analysis's findings
-- updated the eleven indexes of one shared table row by row: three quarters of PostgreSQL's work.
-- Now an analysis COPYs into a fresh table with no index, and attaching it builds the indexes in
-- bulk (a sort each); removing an analysis drops its table (no million-row DELETE, no VACUUM of
-- the others). The embedded database attaches the table first and COPYs through the parent, as
-- before (server/analyses/findings-partition.ts): it has one connection, and an index build at
-- the end would hold every request for its length.
--
-- Every query on findings names its analysis, so it reads one partition. A unique key must hold
-- the partition key: the primary key is (id, analysis_id), id first so that a finding found by
-- its id alone is one probe per partition. The foreign key to analyses goes: each partition's
-- CHECK pins its analysis and customer (the tenant), and deleting an analysis drops its table.

ALTER TABLE findings RENAME TO findings_before_0044;
DROP TRIGGER findings_changed ON findings_before_0044;

-- The same columns, defaults, generated columns and CHECKs; LIKE leaves the foreign key out.
CREATE TABLE findings (LIKE findings_before_0044 INCLUDING ALL EXCLUDING INDEXES) PARTITION BY LIST (analysis_id);

-- The table that holds one analysis's findings.
CREATE FUNCTION findings_partition_name(analysis uuid) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'findings_p' || replace(analysis::text, '-', '')
$$;

-- A fresh, empty table for an analysis's findings, not attached and without indexes (attaching
-- builds them). Its CHECKs name the analysis, so attaching needs no scan, and its customer.
CREATE FUNCTION findings_partition_create(analysis uuid) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  part text := findings_partition_name(analysis);
  customer uuid;
BEGIN
  SELECT customer_id INTO customer FROM analyses WHERE id = analysis;
  IF customer IS NULL THEN
    RAISE EXCEPTION 'findings_partition_create: no analysis %', analysis;
  END IF;
  EXECUTE format(
    'CREATE TABLE %I (LIKE findings INCLUDING ALL EXCLUDING INDEXES, CONSTRAINT %I CHECK (analysis_id = %L), CONSTRAINT %I CHECK (customer_id = %L))',
    part, part || '_analysis', analysis, part || '_customer', customer);
  RETURN part;
END $$;

-- Attaches an analysis's table (building the indexes it lacks): its findings become visible.
CREATE FUNCTION findings_partition_attach(analysis uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE findings ATTACH PARTITION %I FOR VALUES IN (%L)', findings_partition_name(analysis), analysis);
  -- ATTACH fires no statement trigger: the API nodes' kept pages are told here (0029).
  PERFORM pg_notify('segra_findings', '');
END $$;

-- Drops an analysis's findings (its table, attached or not); nothing when it has none.
CREATE FUNCTION findings_partition_drop(analysis uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF to_regclass(findings_partition_name(analysis)) IS NOT NULL THEN
    EXECUTE format('DROP TABLE %I', findings_partition_name(analysis));
    PERFORM pg_notify('segra_findings', '');
  END IF;
END $$;

-- An analysis deleted (by hand, or with its period or customer) takes its findings with it, as
-- the foreign key's ON DELETE CASCADE did.
CREATE FUNCTION analysis_findings_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM findings_partition_drop(OLD.id);
  RETURN NULL;
END $$;
CREATE TRIGGER analysis_findings_gone AFTER DELETE ON analyses FOR EACH ROW EXECUTE FUNCTION analysis_findings_gone();

-- The findings stored before this migration move to their analyses' tables (the generated
-- columns are computed again, from the same values).
DO $$
DECLARE
  a uuid;
  cols text := (
    SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) FROM pg_attribute
    WHERE attrelid = 'findings'::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
  );
BEGIN
  FOR a IN SELECT DISTINCT analysis_id FROM findings_before_0044 LOOP
    EXECUTE format('INSERT INTO %I (%s) SELECT %s FROM findings_before_0044 WHERE analysis_id = %L',
      findings_partition_create(a), cols, cols, a);
    PERFORM findings_partition_attach(a);
  END LOOP;
END $$;
DROP TABLE findings_before_0044;

-- The indexes of 0008, 0020, 0023, 0024, 0031 and 0034, on every partition, present and future.
ALTER TABLE findings ADD CONSTRAINT findings_pkey PRIMARY KEY (id, analysis_id);
CREATE INDEX findings_analysis_idx ON findings (analysis_id, level, holder, risk_id);
CREATE INDEX findings_analysis_risk_idx ON findings (analysis_id, risk_id);
CREATE INDEX findings_page_holder_idx ON findings (analysis_id, customer_id, holder, id);
CREATE INDEX findings_page_level_idx ON findings (analysis_id, customer_id, level, holder, id);
CREATE INDEX findings_page_risk_idx ON findings (analysis_id, customer_id, risk_id, holder, id);
CREATE INDEX findings_page_risk_level_idx ON findings (analysis_id, customer_id, risk_level, risk_id DESC NULLS LAST, id DESC);
CREATE INDEX findings_page_status_idx ON findings (analysis_id, customer_id, status, holder, id);
CREATE INDEX findings_page_execution_idx ON findings (analysis_id, customer_id, execution, holder, id);
CREATE INDEX findings_page_execution_rank_idx ON findings (analysis_id, customer_id, execution_rank DESC NULLS LAST, id DESC);
CREATE INDEX findings_page_user_type_idx ON findings (analysis_id, customer_id, user_type, holder, id);

-- Statements on the parent (the embedded database's COPY, acceptances, mitigations) are heard as before.
CREATE TRIGGER findings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON findings
  FOR EACH STATEMENT EXECUTE FUNCTION segra_findings_changed();
