-- 0007: system periods (dated snapshots of what an SAP system grants) with their table data,
-- and risk periods (versioned rulesets) with their risks and functions.

CREATE TABLE system_periods (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers (id),
  system_id uuid NOT NULL,
  name text NOT NULL,
  period_date text NOT NULL CHECK (period_date ~ '^\d{4}-\d{2}-\d{2}$'),
  -- empty → importing → ready | failed; a new import of a ready period keeps the old data
  -- readable until it succeeds (data_import_id switches at the end).
  status text NOT NULL DEFAULT 'empty' CHECK (status IN ('empty', 'importing', 'ready', 'failed')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  error jsonb,
  data_import_id uuid,
  importing_id uuid,
  row_counts jsonb,
  imported_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT system_periods_customer_id_id_key UNIQUE (customer_id, id),
  CONSTRAINT system_periods_customer_name_key UNIQUE (customer_id, system_id, name),
  CONSTRAINT system_periods_system_same_customer_fkey FOREIGN KEY (customer_id, system_id) REFERENCES systems (customer_id, id)
);

-- The SAP tables of an extract (DESIGN 4.1), one row per table row, keyed by the import that
-- wrote them. Column names are SAP's, so special SQL queries read like SAP tables.
CREATE TABLE sap_usr02 (import_id uuid NOT NULL, seq integer NOT NULL, bname text NOT NULL, ustyp text NOT NULL, uflag integer NOT NULL, gltgv integer, gltgb integer, trdat integer, class text NOT NULL, codvn text NOT NULL, pwdstate integer, erdat integer);
CREATE TABLE sap_agr_users (import_id uuid NOT NULL, seq integer NOT NULL, agr_name text NOT NULL, uname text NOT NULL, from_dat integer, to_dat integer);
CREATE TABLE sap_agr_1251 (import_id uuid NOT NULL, seq integer NOT NULL, agr_name text NOT NULL, object text NOT NULL, auth text NOT NULL, field text NOT NULL, low text NOT NULL, high text NOT NULL, deleted boolean NOT NULL);
CREATE TABLE sap_agr_define (import_id uuid NOT NULL, seq integer NOT NULL, agr_name text NOT NULL, parent_agr text NOT NULL);
CREATE TABLE sap_agr_agrs (import_id uuid NOT NULL, seq integer NOT NULL, agr_name text NOT NULL, child_agr text NOT NULL);
CREATE TABLE sap_agr_1252 (import_id uuid NOT NULL, seq integer NOT NULL, agr_name text NOT NULL, varbl text NOT NULL, low text NOT NULL, high text NOT NULL);
CREATE TABLE sap_agr_texts (import_id uuid NOT NULL, seq integer NOT NULL, agr_name text NOT NULL, text text NOT NULL);
CREATE TABLE sap_agr_1016 (import_id uuid NOT NULL, seq integer NOT NULL, agr_name text NOT NULL, profile text NOT NULL);
CREATE TABLE sap_ust04 (import_id uuid NOT NULL, seq integer NOT NULL, bname text NOT NULL, profile text NOT NULL);
CREATE TABLE sap_ust10c (import_id uuid NOT NULL, seq integer NOT NULL, profn text NOT NULL, subprof text NOT NULL);
CREATE TABLE sap_ust10s (import_id uuid NOT NULL, seq integer NOT NULL, profn text NOT NULL, objct text NOT NULL, auth text NOT NULL);
CREATE TABLE sap_ust12 (import_id uuid NOT NULL, seq integer NOT NULL, objct text NOT NULL, auth text NOT NULL, field text NOT NULL, von text NOT NULL, bis text NOT NULL);
CREATE TABLE sap_usrefus (import_id uuid NOT NULL, seq integer NOT NULL, bname text NOT NULL, refuser text NOT NULL);
CREATE TABLE sap_usr06 (import_id uuid NOT NULL, seq integer NOT NULL, bname text NOT NULL, lic_type text NOT NULL);
CREATE TABLE sap_user_addr (import_id uuid NOT NULL, seq integer NOT NULL, bname text NOT NULL, name_first text NOT NULL, name_last text NOT NULL, name_textc text NOT NULL, department text NOT NULL, smtp_addr text NOT NULL);
CREATE TABLE sap_tstct (import_id uuid NOT NULL, seq integer NOT NULL, tcode text NOT NULL, ttext text NOT NULL);
CREATE TABLE sap_tstca (import_id uuid NOT NULL, seq integer NOT NULL, tcode text NOT NULL, objct text NOT NULL, field text NOT NULL, value text NOT NULL);
CREATE TABLE sap_cvers (import_id uuid NOT NULL, seq integer NOT NULL, component text NOT NULL, release text NOT NULL, extrelease text NOT NULL);
CREATE TABLE sap_t000 (import_id uuid NOT NULL, seq integer NOT NULL, mandt text NOT NULL, cccategory text NOT NULL, cccoractiv text NOT NULL, ccnocliind text NOT NULL);

-- The big tables are read by (import, object) for an analysis; the others by import.
CREATE INDEX sap_agr_1251_import_object_idx ON sap_agr_1251 (import_id, object);
CREATE INDEX sap_ust12_import_object_idx ON sap_ust12 (import_id, objct);
CREATE INDEX sap_usr02_import_idx ON sap_usr02 (import_id, bname);
CREATE INDEX sap_agr_users_import_idx ON sap_agr_users (import_id, uname);
CREATE INDEX sap_agr_define_import_idx ON sap_agr_define (import_id, agr_name);
CREATE INDEX sap_agr_agrs_import_idx ON sap_agr_agrs (import_id, agr_name);
CREATE INDEX sap_agr_1252_import_idx ON sap_agr_1252 (import_id);
CREATE INDEX sap_agr_texts_import_idx ON sap_agr_texts (import_id);
CREATE INDEX sap_agr_1016_import_idx ON sap_agr_1016 (import_id);
CREATE INDEX sap_ust04_import_idx ON sap_ust04 (import_id);
CREATE INDEX sap_ust10c_import_idx ON sap_ust10c (import_id);
CREATE INDEX sap_ust10s_import_idx ON sap_ust10s (import_id);
CREATE INDEX sap_usrefus_import_idx ON sap_usrefus (import_id);
CREATE INDEX sap_usr06_import_idx ON sap_usr06 (import_id);
CREATE INDEX sap_user_addr_import_idx ON sap_user_addr (import_id);
CREATE INDEX sap_tstct_import_idx ON sap_tstct (import_id, tcode);
CREATE INDEX sap_tstca_import_idx ON sap_tstca (import_id);
CREATE INDEX sap_cvers_import_idx ON sap_cvers (import_id);
CREATE INDEX sap_t000_import_idx ON sap_t000 (import_id);

CREATE TABLE risk_periods (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers (id),
  name text NOT NULL,
  period_date text NOT NULL CHECK (period_date ~ '^\d{4}-\d{2}-\d{2}$'),
  status text NOT NULL DEFAULT 'empty' CHECK (status IN ('empty', 'importing', 'ready', 'failed')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  error jsonb,
  imported_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT risk_periods_customer_id_id_key UNIQUE (customer_id, id),
  CONSTRAINT risk_periods_customer_name_key UNIQUE (customer_id, name)
);

-- A ruleset is small (hundreds of risks): functions keep their actions and permission lines
-- as JSON arrays, edited with the function.
CREATE TABLE functions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers (id),
  risk_period_id uuid NOT NULL,
  function_id text NOT NULL,
  -- Place in the imported file (new ones go last); analyses read functions and risks in this order.
  position integer NOT NULL DEFAULT 2147483647,
  description text NOT NULL DEFAULT '',
  business_process text NOT NULL DEFAULT '',
  actions jsonb NOT NULL DEFAULT '[]',
  permissions jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT functions_period_function_key UNIQUE (risk_period_id, function_id),
  CONSTRAINT functions_period_same_customer_fkey FOREIGN KEY (customer_id, risk_period_id) REFERENCES risk_periods (customer_id, id) ON DELETE CASCADE
);

CREATE TABLE risks (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers (id),
  risk_period_id uuid NOT NULL,
  risk_id text NOT NULL,
  position integer NOT NULL DEFAULT 2147483647,
  description text NOT NULL DEFAULT '',
  risk_type text NOT NULL CHECK (risk_type IN ('SOD', 'CRITICAL_ACTION', 'CRITICAL_PERMISSION')),
  risk_level text NOT NULL CHECK (risk_level IN ('CRITICAL', 'HIGH', 'MEDIUM', 'LOW')),
  business_process text NOT NULL DEFAULT '',
  active boolean NOT NULL DEFAULT true,
  function_ids text[] NOT NULL DEFAULT '{}',
  manual boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT risks_period_risk_key UNIQUE (risk_period_id, risk_id),
  CONSTRAINT risks_period_same_customer_fkey FOREIGN KEY (customer_id, risk_period_id) REFERENCES risk_periods (customer_id, id) ON DELETE CASCADE
);
