-- 0023: mitigating controls (DESIGN 5.16, issue 16). A customer's control register, the
-- assignments of a control to a risk for a user or a role with their validity, and per finding
-- the controls that apply on the analysis date with the finding's status: `mitigated` when a
-- control applies (mitigation wins), else `accepted` when an acceptance covers it, else `open`.
-- The status follows `controls` and `accepted` by itself, so every writer of either (the
-- analysis, the re-application of acceptances and of mitigations) keeps it right.

CREATE TABLE mitigating_controls (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers (id),
  control_id text NOT NULL CHECK (control_id <> ''),
  description text NOT NULL DEFAULT '',
  business_process text NOT NULL DEFAULT '',
  owner_id uuid REFERENCES app_users (id) ON DELETE SET NULL,
  monitor_id uuid REFERENCES app_users (id) ON DELETE SET NULL,
  frequency text NOT NULL DEFAULT 'monthly' CHECK (frequency IN ('daily', 'weekly', 'monthly', 'quarterly', 'yearly', 'on-demand')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT mitigating_controls_key UNIQUE (customer_id, control_id),
  CONSTRAINT mitigating_controls_customer_id_id_key UNIQUE (customer_id, id)
);

CREATE TABLE mitigations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers (id),
  -- A control in use cannot be deleted (409 IN_USE): remove or move its mitigations first.
  mitigating_control_id uuid NOT NULL,
  risk_id text NOT NULL,
  level text NOT NULL CHECK (level IN ('USER', 'ROLE')),
  -- BNAME for USER, AGR_NAME for ROLE.
  holder text NOT NULL CHECK (holder <> ''),
  valid_from text CHECK (valid_from ~ '^\d{4}-\d{2}-\d{2}$'),
  valid_to text CHECK (valid_to ~ '^\d{4}-\d{2}-\d{2}$'),
  reason text NOT NULL DEFAULT '',
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT mitigations_validity_check CHECK (valid_from IS NULL OR valid_to IS NULL OR valid_from <= valid_to),
  CONSTRAINT mitigations_control_fkey FOREIGN KEY (customer_id, mitigating_control_id) REFERENCES mitigating_controls (customer_id, id)
);
CREATE INDEX mitigations_customer_risk_idx ON mitigations (customer_id, risk_id);
CREATE INDEX mitigations_control_idx ON mitigations (mitigating_control_id);

ALTER TABLE findings ADD COLUMN controls text[] NOT NULL DEFAULT '{}';
ALTER TABLE findings ADD COLUMN status text GENERATED ALWAYS AS (
  CASE WHEN cardinality(controls) > 0 THEN 'mitigated' WHEN accepted THEN 'accepted' ELSE 'open' END
) STORED;
-- The findings list filtered by status, as the other filters of 0020 (an index-only page scan).
CREATE INDEX findings_page_status_idx ON findings (analysis_id, customer_id, status, holder, id);
