CREATE TABLE "referral_closure" (
	"descendant_id" integer NOT NULL,
	"depth" smallint NOT NULL,
	"ancestor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_closure_descendant_id_depth_pk" PRIMARY KEY("descendant_id","depth")
);
--> statement-breakpoint
CREATE TABLE "referral_flags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"beneficiary_id" integer NOT NULL,
	"referral_id" integer NOT NULL,
	"reason" text NOT NULL,
	"source_event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_meeting_days" (
	"user_low_id" integer NOT NULL,
	"user_high_id" integer NOT NULL,
	"day" text NOT NULL,
	"meeting_id" integer NOT NULL,
	CONSTRAINT "referral_meeting_days_user_low_id_user_high_id_day_pk" PRIMARY KEY("user_low_id","user_high_id","day")
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_rewards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"beneficiary_id" integer NOT NULL,
	"referral_id" integer NOT NULL,
	"level" smallint NOT NULL,
	"source" text NOT NULL,
	"source_event" text NOT NULL,
	"source_ref" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"status" text NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"unrecovered" numeric(78, 0),
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "referral_closure" ADD CONSTRAINT "referral_closure_descendant_id_users_id_fk" FOREIGN KEY ("descendant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_closure" ADD CONSTRAINT "referral_closure_ancestor_id_users_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_flags" ADD CONSTRAINT "referral_flags_beneficiary_id_users_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_flags" ADD CONSTRAINT "referral_flags_referral_id_users_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_beneficiary_id_users_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referral_id_users_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_closure_ancestor_idx" ON "referral_closure" USING btree ("ancestor_id","depth","descendant_id");--> statement-breakpoint
CREATE INDEX "referral_closure_ancestor_created_idx" ON "referral_closure" USING btree ("ancestor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_flags_pair_unique" ON "referral_flags" USING btree ("beneficiary_id","referral_id","reason");--> statement-breakpoint
CREATE INDEX "referral_flags_created_idx" ON "referral_flags" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_once_unique" ON "referral_rewards" USING btree ("source_event","beneficiary_id","level");--> statement-breakpoint
CREATE INDEX "referral_rewards_beneficiary_idx" ON "referral_rewards" USING btree ("beneficiary_id","created_at","source","status","amount");--> statement-breakpoint
CREATE INDEX "referral_rewards_from_idx" ON "referral_rewards" USING btree ("beneficiary_id","referral_id","amount");--> statement-breakpoint
CREATE INDEX "referral_rewards_page_idx" ON "referral_rewards" USING btree ("beneficiary_id","id");--> statement-breakpoint
CREATE INDEX "referral_rewards_source_ref_idx" ON "referral_rewards" USING btree ("source_ref");--> statement-breakpoint
CREATE INDEX "referral_rewards_due_idx" ON "referral_rewards" USING btree ("release_at") WHERE "referral_rewards"."status" = 'pending';--> statement-breakpoint
-- People who registered before the closure existed: their tree as users.referrer_id says today.
INSERT INTO "referral_closure" ("descendant_id", "depth", "ancestor_id", "created_at")
WITH RECURSIVE up AS (
  SELECT u.id AS descendant_id, 1 AS depth, u.referrer_id AS ancestor_id, u.created_at
  FROM "users" u WHERE u.referrer_id IS NOT NULL
  UNION ALL
  SELECT up.descendant_id, up.depth + 1, p.referrer_id, up.created_at
  FROM up JOIN "users" p ON p.id = up.ancestor_id
  WHERE p.referrer_id IS NOT NULL AND up.depth < 3
)
SELECT descendant_id, depth, ancestor_id, created_at FROM up ON CONFLICT DO NOTHING;
