CREATE TABLE "author_payouts" (
	"author_id" uuid NOT NULL,
	"month" text NOT NULL,
	"amount_vnd" bigint NOT NULL,
	"reference" text NOT NULL,
	"paid_by" uuid NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	CONSTRAINT "author_payouts_author_id_month_pk" PRIMARY KEY("author_id","month"),
	CONSTRAINT "author_payouts_month_format" CHECK ("author_payouts"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "author_payouts_amount_pos" CHECK ("author_payouts"."amount_vnd" > 0)
);
--> statement-breakpoint
ALTER TABLE "author_payouts" ADD CONSTRAINT "author_payouts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "author_payouts" ADD CONSTRAINT "author_payouts_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;