ALTER TABLE "crypto_transactions" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "crypto_transactions" ADD COLUMN "details" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_tx_reference_unique" ON "crypto_transactions" USING btree ("type","reference") WHERE "crypto_transactions"."reference" is not null;