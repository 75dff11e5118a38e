-- 0033: a SuperAdmin's active customer is kept for its next login (issue 27), per user, on the
-- server: the browser keeps only menu and settings (spec 3), and another browser finds it too.
-- A customer deleted meanwhile is forgotten (SET NULL), so a kept choice always exists.
-- Not an access change: the session triggers of 0018 do not watch this column.
ALTER TABLE app_users ADD COLUMN active_customer_id uuid REFERENCES customers (id) ON DELETE SET NULL;
