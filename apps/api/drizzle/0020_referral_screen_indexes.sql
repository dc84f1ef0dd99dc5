DROP INDEX "referral_closure_ancestor_created_idx";--> statement-breakpoint
CREATE INDEX "referral_hits_referrer_created_idx" ON "referral_hits" USING btree ("referrer_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_closure_ancestor_created_idx" ON "referral_closure" USING btree ("ancestor_id","created_at","depth");