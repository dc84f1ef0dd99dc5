CREATE TABLE "news" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "news_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"title_en" text NOT NULL,
	"title_ru" text NOT NULL,
	"body_en" text NOT NULL,
	"body_ru" text NOT NULL,
	"image_media_id" integer,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpa_hits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cpa_hits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"link_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"partner_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_hits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_hits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"referrer_id" integer NOT NULL,
	"visitor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cpa_link_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cpa_uid" text;--> statement-breakpoint
ALTER TABLE "referral_hits" ADD CONSTRAINT "referral_hits_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_status_published_idx" ON "news" USING btree ("status","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cpa_hits_link_visitor_unique" ON "cpa_hits" USING btree ("link_id","visitor");--> statement-breakpoint
CREATE INDEX "cpa_hits_created_idx" ON "cpa_hits" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_hits_referrer_visitor_unique" ON "referral_hits" USING btree ("referrer_id","visitor");--> statement-breakpoint
CREATE INDEX "referral_hits_created_idx" ON "referral_hits" USING btree ("created_at");