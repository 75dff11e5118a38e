-- 0028: a basis finding's DETAIL as parts (keys and values, engine/basis/detail.ts), so the
-- UI says it in its own language (issue 15 item 7). Findings stored before keep NULL and are
-- shown with their English `detail`.
ALTER TABLE basis_findings ADD COLUMN detail_parts jsonb;
