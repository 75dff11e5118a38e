-- 0017: the data-quality warnings of a system period's import (DESIGN 4.1a), as
-- [{ code, table, count, examples }], and the row count of each table as read.
ALTER TABLE system_periods ADD COLUMN IF NOT EXISTS warnings jsonb;
