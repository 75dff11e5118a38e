-- 0034: a user finding keeps its user's SAP user type (USR02-USTYP: A dialog, B system,
-- C communication, S service, L reference) as it was when analysed, like its holder's name
-- (0021), so the findings list and the dashboard's top 10 filter by it without reading USR02
-- (issue 27 item 6). '' is a user whose type is unknown (not in USR02, or no USTYP of SAP's);
-- role and profile findings have none (NULL).
ALTER TABLE findings ADD COLUMN user_type text;

-- Findings stored before this migration: the type in the analysed period's USR02 (first row in
-- file order wins, as for the names), read from the import the period holds now.
UPDATE findings f SET user_type = CASE WHEN upper(btrim(u.ustyp)) IN ('A', 'B', 'C', 'S', 'L') THEN upper(btrim(u.ustyp)) ELSE '' END
FROM (
  SELECT DISTINCT ON (a.id, u.bname) a.id AS analysis_id, u.bname, u.ustyp
  FROM analyses a JOIN system_periods p ON p.id = a.system_period_id
  JOIN sap_usr02 u ON u.import_id = p.data_import_id
  ORDER BY a.id, u.bname, u.seq
) u
WHERE f.level = 'USER' AND u.analysis_id = f.analysis_id AND u.bname = f.holder;

UPDATE findings SET user_type = '' WHERE level = 'USER' AND user_type IS NULL;

-- The findings list filtered by user type, in the list's default order (as migration 0020's).
CREATE INDEX findings_page_user_type_idx ON findings (analysis_id, customer_id, user_type, holder, id);
