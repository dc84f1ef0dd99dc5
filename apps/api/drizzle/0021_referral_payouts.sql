CREATE TABLE "referral_payouts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "referral_payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"beneficiary_id" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD COLUMN "payout_id" integer;--> statement-breakpoint
ALTER TABLE "referral_payouts" ADD CONSTRAINT "referral_payouts_beneficiary_id_users_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_payouts_beneficiary_idx" ON "referral_payouts" USING btree ("beneficiary_id","id");--> statement-breakpoint
CREATE INDEX "referral_rewards_payout_idx" ON "referral_rewards" USING btree ("payout_id") WHERE "referral_rewards"."payout_id" is not null;