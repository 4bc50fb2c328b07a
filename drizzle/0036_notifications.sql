CREATE TABLE "mail_opt_outs" (
	"email" text NOT NULL,
	"group" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_opt_outs_email_group_pk" PRIMARY KEY("email","group")
);
--> statement-breakpoint
CREATE TABLE "notification_digests" (
	"recipient" text PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"email" text,
	"kind" text NOT NULL,
	"group" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"mail_state" text DEFAULT 'pending' NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "notifications_recipient" CHECK ("notifications"."user_id" IS NOT NULL OR "notifications"."email" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_mail_idx" ON "notifications" USING btree ("id") WHERE "notifications"."mail_state" = 'pending';--> statement-breakpoint
-- Every way an order becomes PAID (the webhook, cash, a free claim, the one-statement wallet checkout of
-- 0029) tells the buyer and the product's author in the same statement. The buyer's row is not mailed:
-- the receipt is that mail. Texts mirror src/lib/server/notifications/events.ts.
CREATE FUNCTION hoclieu_vnd_text(amount bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT replace(to_char(amount, 'FM999,999,999,999,999,990'), ',', '.') || ' ₫'
$$;--> statement-breakpoint
CREATE FUNCTION orders_paid_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	p record;
BEGIN
	-- The demo seed's purchases (catalog/seed/insert.ts) are history, not events: nobody is told of them.
	IF current_setting('hoclieu.seeding', true) = 'on' THEN
		RETURN NULL;
	END IF;
	SELECT title, author_id INTO p FROM products WHERE id = NEW.product_id;
	IF NEW.user_id IS NOT NULL THEN
		INSERT INTO notifications (user_id, kind, "group", title, body, link, created_at, mail_state)
		VALUES (NEW.user_id, 'order.paid', 'money', 'Đơn hàng DH' || NEW.order_number || ' đã thanh toán',
			'Bạn đã thanh toán ' || hoclieu_vnd_text(NEW.amount_vnd) || ' cho “' || coalesce(p.title, 'học liệu') || '”. Tài liệu đã sẵn sàng để tải.',
			'/thanh-toan/' || NEW.id, coalesce(NEW.paid_at, now()), 'skipped');
	END IF;
	IF p.author_id IS NOT NULL AND NEW.amount_vnd > 0 THEN
		INSERT INTO notifications (user_id, kind, "group", title, body, link, created_at)
		VALUES (p.author_id, 'sale', 'money', left('Bạn vừa bán được “' || p.title || '”', 200),
			'Đơn DH' || NEW.order_number || ': ' || hoclieu_vnd_text(NEW.amount_vnd) || '. Khoản này được tính vào bảng kê thu nhập của bạn.',
			'/tac-gia/thu-nhap', coalesce(NEW.paid_at, now()));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_paid_notify_insert AFTER INSERT ON orders FOR EACH ROW WHEN (NEW.status = 'PAID') EXECUTE FUNCTION orders_paid_notify();--> statement-breakpoint
CREATE TRIGGER orders_paid_notify_update AFTER UPDATE OF status ON orders FOR EACH ROW WHEN (NEW.status = 'PAID' AND OLD.status <> 'PAID') EXECUTE FUNCTION orders_paid_notify();
