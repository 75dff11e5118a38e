-- 0021: a finding keeps the holder's name and the risk's description as they were when it was
-- analysed (DESIGN 6, issue 11: no slower list endpoint). Looking them up per page in the period's
-- USER_ADDR/AGR_TEXTS and the risk period cost the findings list about half its p99 under load.
ALTER TABLE findings ADD COLUMN holder_name text NOT NULL DEFAULT '';
ALTER TABLE findings ADD COLUMN risk_description text NOT NULL DEFAULT '';

-- Findings stored before this migration: the names the page lookup gave them (first row in file
-- order wins, as there).
UPDATE findings f SET risk_description = r.description
FROM analyses a, risks r
WHERE a.id = f.analysis_id AND r.risk_period_id = a.risk_period_id AND r.risk_id = f.risk_id;

UPDATE findings f SET holder_name = COALESCE((
  SELECT COALESCE(NULLIF(btrim(u.name_textc), ''), btrim(u.name_first || ' ' || u.name_last))
  FROM analyses a JOIN system_periods p ON p.id = a.system_period_id
  JOIN sap_user_addr u ON u.import_id = p.data_import_id
  WHERE a.id = f.analysis_id AND u.bname = f.holder ORDER BY u.seq LIMIT 1
), '')
WHERE f.level = 'USER';

UPDATE findings f SET holder_name = COALESCE((
  SELECT t.text
  FROM analyses a JOIN system_periods p ON p.id = a.system_period_id
  JOIN sap_agr_texts t ON t.import_id = p.data_import_id
  WHERE a.id = f.analysis_id AND t.agr_name = f.holder ORDER BY t.seq LIMIT 1
), '')
WHERE f.level = 'ROLE';
