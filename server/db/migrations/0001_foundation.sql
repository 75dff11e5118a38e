-- 0001: tenants (customers) and application users.
CREATE TABLE customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  vkn text,
  name text NOT NULL,
  contact_number text,
  contact_person text,
  mail text,
  ip text,
  address text,
  status text NOT NULL DEFAULT 'active',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  modified_by text
);

CREATE TABLE app_users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid REFERENCES customers (id),
  email text NOT NULL UNIQUE,
  username text NOT NULL,
  full_name text,
  password_hash text NOT NULL,
  role text NOT NULL CHECK (role IN ('SuperAdmin', 'Admin', 'User')),
  status text NOT NULL DEFAULT 'active',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX app_users_customer_id_idx ON app_users (customer_id);
