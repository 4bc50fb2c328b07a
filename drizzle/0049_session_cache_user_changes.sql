-- Hand-written: each process keeps recently read sessions for a few seconds
-- (src/lib/server/auth/session-cache.ts, ADR 025), with the account fields a request reads from
-- them. A change to any of those fields is announced to every instance on commit, as a session's
-- end already is (0040's sessions_end_live); the cached copies of that person's sessions are dropped.
CREATE FUNCTION users_session_fields_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('hoclieu_live', json_build_object('user', NEW.id)::text);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_session_fields_changed AFTER UPDATE ON users FOR EACH ROW
	WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.name IS DISTINCT FROM NEW.name OR OLD.role IS DISTINCT FROM NEW.role
		OR OLD.is_vip IS DISTINCT FROM NEW.is_vip OR OLD.vip_until IS DISTINCT FROM NEW.vip_until
		OR OLD.email_verified_at IS DISTINCT FROM NEW.email_verified_at OR OLD.disabled_at IS DISTINCT FROM NEW.disabled_at)
	EXECUTE FUNCTION users_session_fields_changed();
