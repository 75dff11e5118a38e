-- 0040: the input warnings that applied to an analysis (DESIGN 4.1b: every warning shown where
-- the result is read), stored when it runs as [{ code, table, count, examples }]: codes and
-- data, never text; the screen, the exports and the PDF word them in the reader's language.
ALTER TABLE analyses ADD COLUMN IF NOT EXISTS warnings jsonb;

-- The last mitigation file import's warnings (NOT_APPROVED rows were left out of the register):
-- every analysis of the customer carries them, as `segra analyze --mitigations` prints them.
ALTER TABLE customers ADD COLUMN IF NOT EXISTS mitigation_warnings jsonb;

-- How many lines of the usage export each summed row stands for: an analysis counts the lines
-- outside its window (USAGE_OUTSIDE_WINDOW) as `segra analyze --usage` counts them. NULL (rows
-- imported before): one line.
ALTER TABLE usage_rows ADD COLUMN IF NOT EXISTS lines integer;
