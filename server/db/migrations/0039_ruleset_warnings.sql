-- 0039: what a ruleset import left unread or unevaluated (DESIGN 4.1b, amended rule 8: lines
-- naming an action their function lacks, columns nobody reads), as [{ code, table, count,
-- examples }], shown with the risk period as 0017's warnings are with a system period.
ALTER TABLE risk_periods ADD COLUMN IF NOT EXISTS warnings jsonb;

-- A usage row may cover a span (FROM_DATE … TO_DATE) or a month (PERIOD): `day` is its last
-- day, `first_day` its first (NULL for a single day). The row counts when its days meet the
-- analysis's window, which never reaches past the analysis date (DESIGN 4.1b).
ALTER TABLE usage_rows ADD COLUMN IF NOT EXISTS first_day date;
