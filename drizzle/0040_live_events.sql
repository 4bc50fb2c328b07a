CREATE TABLE "live_event_counters" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"user_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_events_user_id_seq_pk" PRIMARY KEY("user_id","seq")
);
--> statement-breakpoint
ALTER TABLE "live_event_counters" ADD CONSTRAINT "live_event_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");--> statement-breakpoint
-- The one writer of live events (src/lib/server/events/publish.ts calls it; so do the triggers below).
-- The counter row stays locked until the caller's transaction ends: a person's events commit in seq
-- order, which is what makes Last-Event-ID exact. NOTIFY is sent at commit, and not at all on rollback.
-- A payload over PostgreSQL's 8000-byte limit goes without its data; listeners then read the row.
CREATE FUNCTION hoclieu_publish_live(recipient uuid, event_type text, event_data jsonb) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	next_seq bigint;
	payload text;
BEGIN
	INSERT INTO live_event_counters AS c (user_id, seq) VALUES (recipient, 1)
		ON CONFLICT (user_id) DO UPDATE SET seq = c.seq + 1
		RETURNING c.seq INTO next_seq;
	INSERT INTO live_events (user_id, seq, type, data) VALUES (recipient, next_seq, event_type, event_data);
	payload := json_build_object('u', recipient, 's', next_seq::text, 't', event_type, 'd', event_data)::text;
	IF octet_length(payload) > 7900 THEN
		payload := json_build_object('u', recipient, 's', next_seq::text)::text;
	END IF;
	PERFORM pg_notify('hoclieu_live', payload);
	RETURN next_seq;
END
$$;--> statement-breakpoint
-- Every notification row of an account (notifyUser, notifyStaff and the orders_paid_notify trigger of 0036)
-- is a live `notification` event, in the shape GET /api/v1/notifications lists it.
CREATE FUNCTION notifications_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM hoclieu_publish_live(NEW.user_id, 'notification', jsonb_build_object(
		'id', NEW.id::text, 'kind', NEW.kind, 'group', NEW."group", 'title', NEW.title, 'body', NEW.body, 'link', NEW.link,
		'createdAt', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'readAt', NULL));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER notifications_live AFTER INSERT ON notifications FOR EACH ROW WHEN (NEW.user_id IS NOT NULL) EXECUTE FUNCTION notifications_live();--> statement-breakpoint
-- A session that ends (sign-out, revoked device, disabled or deleted account, password change, expiry sweep)
-- closes its open streams on every instance.
CREATE FUNCTION sessions_end_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('hoclieu_live', json_build_object('end', OLD.id)::text);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_end_live AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION sessions_end_live();
