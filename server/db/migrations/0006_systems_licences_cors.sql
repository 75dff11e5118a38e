-- 0006: signed licences, SAP systems and the allowed origins / IP addresses of a customer.
CREATE TABLE licences (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers (id),
  payload jsonb NOT NULL,
  signature text NOT NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  uploaded_by text
);
CREATE INDEX licences_customer_id_idx ON licences (customer_id, uploaded_at DESC);

CREATE TABLE systems (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers (id),
  sid text NOT NULL,
  sap_version text NOT NULL,
  hw_key text NOT NULL,
  installation_number text NOT NULL,
  system_number text NOT NULL,
  licence_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT systems_customer_sid_key UNIQUE (customer_id, sid),
  CONSTRAINT systems_customer_id_id_key UNIQUE (customer_id, id)
);

CREATE TABLE cors_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers (id),
  origin text NOT NULL,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'passive')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT cors_entries_customer_origin_key UNIQUE (customer_id, origin)
);
