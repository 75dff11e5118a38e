-- 0002: settings kept in the database (shared by every node), e.g. the token signing secret.
CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
