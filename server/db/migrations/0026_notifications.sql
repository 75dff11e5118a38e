-- 0026: the user's own notifications (issue 15 item 8): an import or an analysis the user
-- started has finished or failed, an acceptance the user made is about to expire. Scoped by
-- the customer (tenant) and the user; read when read_at is set. `event_key` makes writing an
-- event idempotent (a job retried, the expiry check run again).
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  customer_id uuid REFERENCES customers (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES app_users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN (
    'import.ready', 'import.failed', 'ruleset.ready', 'ruleset.failed',
    'analysis.completed', 'analysis.failed', 'acceptance.expiring'
  )),
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  link text,
  event_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  CONSTRAINT notifications_event_key UNIQUE (user_id, event_key)
);

CREATE INDEX notifications_user_idx ON notifications (user_id, customer_id, created_at DESC);
