CREATE TABLE "referral_income_days" (
	"beneficiary_id" integer NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"rewards" integer NOT NULL,
	CONSTRAINT "referral_income_days_beneficiary_id_day_source_status_pk" PRIMARY KEY("beneficiary_id","day","source","status")
);
--> statement-breakpoint
CREATE TABLE "referral_income_months" (
	"beneficiary_id" integer NOT NULL,
	"month" text NOT NULL,
	"referral_id" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	CONSTRAINT "referral_income_months_beneficiary_id_month_referral_id_pk" PRIMARY KEY("beneficiary_id","month","referral_id")
);
--> statement-breakpoint
ALTER TABLE "referral_closure" ADD COLUMN "last_rewarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_income_days" ADD CONSTRAINT "referral_income_days_beneficiary_id_users_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_income_months" ADD CONSTRAINT "referral_income_months_beneficiary_id_users_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_income_months" ADD CONSTRAINT "referral_income_months_referral_id_users_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_income_months_top_idx" ON "referral_income_months" USING btree ("beneficiary_id","month","amount");--> statement-breakpoint
CREATE INDEX "referral_closure_active_idx" ON "referral_closure" USING btree ("ancestor_id","last_rewarded_at");