-- 0020: the findings list under load (issue 12, DESIGN 10: p99 < 100 ms with 100 concurrent
-- clients on an L analysis). A page picks its ids first (findings-resource `pageByIds`): these
-- indexes hold the tenant condition, each filter of the findings screen and its order, so that
-- step is an index-only scan that skips the offset without reading or sorting any wide row.
-- (Numbered 0017 to stay clear of the 0015/0016 of other branches of the same round.)
DROP INDEX IF EXISTS findings_analysis_holder_idx;
CREATE INDEX findings_page_holder_idx ON findings (analysis_id, customer_id, holder, id);
CREATE INDEX findings_page_level_idx ON findings (analysis_id, customer_id, level, holder, id);
CREATE INDEX findings_page_risk_idx ON findings (analysis_id, customer_id, risk_id, holder, id);
-- The high risks by risk, newest first: `risk_id DESC NULLS LAST, id DESC` as the list orders.
CREATE INDEX findings_page_risk_level_idx ON findings (analysis_id, customer_id, risk_level, risk_id DESC NULLS LAST, id DESC);
