-- 0039: what a ruleset import left unread or unevaluated (DESIGN 4.1b, amended rule 8: lines
-- naming an action their function lacks, columns nobody reads), as [{ code, table, count,
-- examples }], shown with the risk period as 0017's warnings are with a system period.
ALTER TABLE risk_periods ADD COLUMN IF NOT EXISTS warnings jsonb;
