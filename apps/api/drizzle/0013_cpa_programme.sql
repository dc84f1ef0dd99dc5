CREATE TABLE "cpa_attributions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"link_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"hit_id" integer,
	"clicked_at" timestamp with time zone NOT NULL,
	"uid" text,
	"visitor" text,
	"address_hash" text,
	"registered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpa_conversions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cpa_conversions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"link_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"action" text NOT NULL,
	"source" text NOT NULL,
	"value" numeric(78, 0) DEFAULT '0' NOT NULL,
	"payout" numeric(78, 0) NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"uid" text,
	"hold_until" timestamp with time zone NOT NULL,
	"payout_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cpa_partners" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"traffic_sources" text NOT NULL,
	"contact" text NOT NULL,
	"reject_reason" text,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_until" timestamp with time zone,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
CREATE TABLE "cpa_payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cpa_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_id" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cpa_postback_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cpa_postback_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"postback_id" uuid NOT NULL,
	"url" text NOT NULL,
	"http_status" integer,
	"error" text,
	"latency_ms" integer NOT NULL,
	"response" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpa_postbacks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"partner_id" integer NOT NULL,
	"link_id" integer NOT NULL,
	"conversion_id" integer,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"payout" numeric(78, 0) NOT NULL,
	"uid" text,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"sending_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cpa_settings" (
	"id" smallint PRIMARY KEY NOT NULL,
	"payout_purchase" numeric(78, 0) NOT NULL,
	"payout_first_meet" numeric(78, 0) NOT NULL,
	"payout_fill_profile" numeric(78, 0) NOT NULL,
	"window_hours" integer NOT NULL,
	"hold_hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "treasury_payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "treasury_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"purpose" text NOT NULL,
	"ref_id" integer NOT NULL,
	"status" text NOT NULL,
	"tx_hash" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cpa_hits" ADD COLUMN "click_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "cpa_hits" ADD COLUMN "landing" text;--> statement-breakpoint
ALTER TABLE "cpa_links" ADD COLUMN "callback_disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cpa_attributions" ADD CONSTRAINT "cpa_attributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpa_partners" ADD CONSTRAINT "cpa_partners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "treasury_payouts" ADD CONSTRAINT "treasury_payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cpa_attributions_link_idx" ON "cpa_attributions" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "cpa_attributions_partner_address_idx" ON "cpa_attributions" USING btree ("partner_id","address_hash");--> statement-breakpoint
CREATE INDEX "cpa_attributions_partner_visitor_idx" ON "cpa_attributions" USING btree ("partner_id","visitor");--> statement-breakpoint
CREATE UNIQUE INDEX "cpa_conversions_once" ON "cpa_conversions" USING btree ("user_id","action","source");--> statement-breakpoint
CREATE INDEX "cpa_conversions_partner_idx" ON "cpa_conversions" USING btree ("partner_id","id");--> statement-breakpoint
CREATE INDEX "cpa_conversions_link_idx" ON "cpa_conversions" USING btree ("link_id","created_at");--> statement-breakpoint
CREATE INDEX "cpa_conversions_due_idx" ON "cpa_conversions" USING btree ("hold_until") WHERE "cpa_conversions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "cpa_payouts_partner_idx" ON "cpa_payouts" USING btree ("partner_id","id");--> statement-breakpoint
CREATE INDEX "cpa_postback_attempts_postback_idx" ON "cpa_postback_attempts" USING btree ("postback_id","id");--> statement-breakpoint
CREATE INDEX "cpa_postbacks_partner_idx" ON "cpa_postbacks" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "cpa_postbacks_due_idx" ON "cpa_postbacks" USING btree ("next_attempt_at") WHERE "cpa_postbacks"."state" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "treasury_payouts_ref_unique" ON "treasury_payouts" USING btree ("purpose","ref_id");--> statement-breakpoint
CREATE INDEX "treasury_payouts_tx_idx" ON "treasury_payouts" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "treasury_payouts_status_idx" ON "treasury_payouts" USING btree ("status");