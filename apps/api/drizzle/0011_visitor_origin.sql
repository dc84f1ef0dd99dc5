ALTER TABLE "cpa_hits" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "referral_hits" ADD COLUMN "origin" text;--> statement-breakpoint
CREATE UNIQUE INDEX "cpa_hits_link_origin_unique" ON "cpa_hits" USING btree ("link_id","origin");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_hits_referrer_origin_unique" ON "referral_hits" USING btree ("referrer_id","origin");