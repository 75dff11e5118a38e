-- 0014: indexes for the list screens under load (DESIGN 10: list endpoints p99 < 100 ms under
-- 100 concurrent clients).
-- Findings are listed by holder by default (the risk analysis list); the existing index leads
-- with the level, so every page sorted an analysis's findings in full.
CREATE INDEX findings_analysis_holder_idx ON findings (analysis_id, holder, id);

-- The data browser pages AGR_1251 and UST12 in file order. New imports index their partition
-- (extract-store.ts); the partitions of earlier imports get the same index here.
DO $$
DECLARE part regclass;
BEGIN
  FOR part IN
    SELECT i.inhrelid::regclass FROM pg_inherits i
    WHERE i.inhparent IN ('sap_agr_1251'::regclass, 'sap_ust12'::regclass)
  LOOP
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %s (%s)', left(part::text, 59) || '_seq', part,
      CASE WHEN part::text LIKE '%before_0012' THEN 'import_id, seq' ELSE 'seq' END);
  END LOOP;
END $$;
