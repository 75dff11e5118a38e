-- 0004: groups with per-page permissions; users get a department, a group and a system.
-- (customer_id, id) keys let the foreign keys below keep a user's department and group, and a
-- group's department, inside the same customer.
ALTER TABLE departments ADD CONSTRAINT departments_customer_id_id_key UNIQUE (customer_id, id);

CREATE TABLE groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid NOT NULL REFERENCES customers (id),
  name text NOT NULL,
  department_id uuid REFERENCES departments (id),
  system_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT groups_customer_name_key UNIQUE (customer_id, name),
  CONSTRAINT groups_customer_id_id_key UNIQUE (customer_id, id),
  CONSTRAINT groups_department_same_customer_fkey FOREIGN KEY (customer_id, department_id) REFERENCES departments (customer_id, id)
);

CREATE TABLE group_pages (
  group_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  page text NOT NULL,
  can_add boolean NOT NULL DEFAULT false,
  can_update boolean NOT NULL DEFAULT false,
  can_delete boolean NOT NULL DEFAULT false,
  can_view boolean NOT NULL DEFAULT false,
  PRIMARY KEY (group_id, page)
);

ALTER TABLE app_users
  ADD COLUMN department_id uuid REFERENCES departments (id),
  ADD COLUMN group_id uuid REFERENCES groups (id),
  ADD COLUMN system_id text,
  ADD CONSTRAINT app_users_department_same_customer_fkey FOREIGN KEY (customer_id, department_id) REFERENCES departments (customer_id, id),
  ADD CONSTRAINT app_users_group_same_customer_fkey FOREIGN KEY (customer_id, group_id) REFERENCES groups (customer_id, id);

CREATE INDEX groups_department_id_idx ON groups (department_id);
CREATE INDEX app_users_group_id_idx ON app_users (group_id);
CREATE INDEX app_users_department_id_idx ON app_users (department_id);
