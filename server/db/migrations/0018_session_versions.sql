-- 0018: sessions end when access ends (DESIGN 6). An access token carries its user's session
-- version (claim sv, 0 when the user has no row here); a token whose version is no longer the
-- user's is refused. The version moves in triggers, on every change that ends access, so no
-- write path (API route, CLI, a module added later, a fix by hand in psql) can forget it.
-- No foreign key: a deleted user's row stays, and with it the refusal of its old tokens.
CREATE TABLE session_versions (
  user_id uuid PRIMARY KEY,
  version integer NOT NULL
);

-- Ends every session of the given users. Other API nodes on the same PostgreSQL hear it at
-- commit (LISTEN segra_sessions) and drop their cached versions.
CREATE FUNCTION segra_end_sessions(user_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ended uuid;
BEGIN
  FOR ended IN
    INSERT INTO session_versions AS s (user_id, version)
    SELECT DISTINCT u, 1 FROM unnest(user_ids) AS u WHERE u IS NOT NULL
    ON CONFLICT (user_id) DO UPDATE SET version = s.version + 1
    RETURNING s.user_id
  LOOP
    PERFORM pg_notify('segra_sessions', ended::text);
  END LOOP;
END $$;

-- A user's password, status, role, group or customer changed, or the user was deleted.
CREATE FUNCTION segra_app_user_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM segra_end_sessions(ARRAY[OLD.id]);
  RETURN NULL;
END $$;

CREATE TRIGGER app_users_end_sessions_on_update AFTER UPDATE ON app_users FOR EACH ROW
  WHEN (OLD.password_hash IS DISTINCT FROM NEW.password_hash
     OR OLD.status IS DISTINCT FROM NEW.status
     OR OLD.role IS DISTINCT FROM NEW.role
     OR OLD.group_id IS DISTINCT FROM NEW.group_id
     OR OLD.customer_id IS DISTINCT FROM NEW.customer_id)
  EXECUTE FUNCTION segra_app_user_access_changed();

CREATE TRIGGER app_users_end_sessions_on_delete AFTER DELETE ON app_users FOR EACH ROW
  EXECUTE FUNCTION segra_app_user_access_changed();

-- A group's page permissions changed: every member's token carries the old ones.
CREATE FUNCTION segra_group_pages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_group uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.group_id ELSE NEW.group_id END;
BEGIN
  PERFORM segra_end_sessions(ARRAY(SELECT id FROM app_users WHERE group_id = changed_group));
  IF TG_OP = 'UPDATE' AND OLD.group_id IS DISTINCT FROM NEW.group_id THEN
    PERFORM segra_end_sessions(ARRAY(SELECT id FROM app_users WHERE group_id = OLD.group_id));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER group_pages_end_sessions_on_write AFTER INSERT OR DELETE ON group_pages FOR EACH ROW
  EXECUTE FUNCTION segra_group_pages_changed();

CREATE TRIGGER group_pages_end_sessions_on_update AFTER UPDATE ON group_pages FOR EACH ROW
  WHEN ((OLD.group_id, OLD.page, OLD.can_add, OLD.can_update, OLD.can_delete, OLD.can_view)
        IS DISTINCT FROM (NEW.group_id, NEW.page, NEW.can_add, NEW.can_update, NEW.can_delete, NEW.can_view))
  EXECUTE FUNCTION segra_group_pages_changed();

-- A customer set passive (or back): its users' sessions end; login refuses them while passive.
CREATE FUNCTION segra_customer_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM segra_end_sessions(ARRAY(SELECT id FROM app_users WHERE customer_id = NEW.id));
  RETURN NULL;
END $$;

CREATE TRIGGER customers_end_sessions_on_status AFTER UPDATE ON customers FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION segra_customer_status_changed();
