-- 0016: org-level risks (DESIGN 4.2, 5.15). A risk's ORG_FIELDS (BUKRS, BUKRS+WERKS …) and, per
-- finding, the org values at which it holds, as `FIELD=value` (joint fields joined by `+`),
-- the items of the CSV's ORG_VALUES column; empty for other risks and findings.
ALTER TABLE risks ADD COLUMN org_fields text[] NOT NULL DEFAULT '{}';
ALTER TABLE findings ADD COLUMN org_values text[] NOT NULL DEFAULT '{}';
