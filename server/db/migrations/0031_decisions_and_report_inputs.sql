-- 0031 (issue 27, items 2 and 3).
--
-- A finding of a risk the customer deactivated shows as `deactivated` (risk_deactivations): the
-- flag follows every deactivation and reactivation on the stored findings of completed analyses
-- (server/analyses/deactivations.ts), as `accepted` follows the acceptances. The status column
-- (0023) is generated again with it first: a deactivated risk is no longer evaluated, whatever
-- was accepted or mitigated of it before. The index of the list's status filter goes with the
-- column and is made again. Writes to findings still fire 0029's statement trigger.
ALTER TABLE findings ADD COLUMN deactivated boolean NOT NULL DEFAULT false;
UPDATE findings f SET deactivated = true
  FROM risk_deactivations d WHERE d.customer_id = f.customer_id AND d.risk_id = f.risk_id;
ALTER TABLE findings DROP COLUMN status;
ALTER TABLE findings ADD COLUMN status text GENERATED ALWAYS AS (
  CASE WHEN deactivated THEN 'deactivated' WHEN cardinality(controls) > 0 THEN 'mitigated' WHEN accepted THEN 'accepted' ELSE 'open' END
) STORED;
CREATE INDEX findings_page_status_idx ON findings (analysis_id, customer_id, status, holder, id);

-- The files an import was made from, for the report an auditor files (what exactly was
-- analysed): name, size and SHA-256, hashed while the upload streamed in. `upload_id` is the
-- system period's import (data_import_id once it succeeded) or the ruleset upload. Kept after
-- the import's data is replaced: an older analysis still names what it read.
CREATE TABLE import_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  upload_id uuid NOT NULL,
  file_no integer NOT NULL,
  name text NOT NULL,
  size bigint NOT NULL,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  uploaded_by text,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (upload_id, file_no)
);

-- The upload a risk period's ruleset was last imported from (null: imported before 0031, or
-- built by hand); and what an analysis read when it ran (null: ran before 0031).
ALTER TABLE risk_periods ADD COLUMN ruleset_upload_id uuid;
ALTER TABLE analyses ADD COLUMN data_import_id uuid;
ALTER TABLE analyses ADD COLUMN ruleset_upload_id uuid;
