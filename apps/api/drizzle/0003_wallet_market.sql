CREATE TABLE "chain_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"block" bigint NOT NULL,
	"chain_session" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crypto_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crypto_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"currency" text DEFAULT 'USDT' NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"counterparty" text,
	"tx_hash" text,
	"log_index" integer,
	"block_number" bigint,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"required_confirmations" integer DEFAULT 0 NOT NULL,
	"nft_id" integer,
	"purchase_id" integer,
	"idempotency_key" text,
	"request_hash" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer,
	"account" text NOT NULL,
	"currency" text DEFAULT 'USDT' NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"transaction_id" integer,
	"purchase_id" integer,
	"memo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nfts" (
	"id" integer PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"status" text NOT NULL,
	"owner_id" integer,
	"parent1_id" integer,
	"parent2_id" integer,
	"reserved_for" integer,
	"listed_at" timestamp with time zone,
	"acquired_at" timestamp with time zone,
	"created_tx_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "purchases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"price" numeric(78, 0) NOT NULL,
	"status" text NOT NULL,
	"requested_nft_id" integer,
	"nft_id" integer,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crypto_transactions" ADD CONSTRAINT "crypto_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_crypto_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."crypto_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfts" ADD CONSTRAINT "nfts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfts" ADD CONSTRAINT "nfts_parent1_id_users_id_fk" FOREIGN KEY ("parent1_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfts" ADD CONSTRAINT "nfts_parent2_id_users_id_fk" FOREIGN KEY ("parent2_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_tx_chain_event_unique" ON "crypto_transactions" USING btree ("tx_hash","log_index") WHERE "crypto_transactions"."log_index" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_tx_idempotency_unique" ON "crypto_transactions" USING btree ("user_id","idempotency_key") WHERE "crypto_transactions"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "crypto_tx_user_idx" ON "crypto_transactions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "crypto_tx_status_idx" ON "crypto_transactions" USING btree ("type","status");--> statement-breakpoint
CREATE INDEX "crypto_tx_purchase_idx" ON "crypto_transactions" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "ledger_user_account_idx" ON "ledger_entries" USING btree ("user_id","account");--> statement-breakpoint
CREATE INDEX "ledger_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nfts_owner_level_unique" ON "nfts" USING btree ("owner_id","type") WHERE "nfts"."owner_id" is not null;--> statement-breakpoint
CREATE INDEX "nfts_listed_idx" ON "nfts" USING btree ("type","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_idempotency_unique" ON "purchases" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_open_unique" ON "purchases" USING btree ("user_id","type") WHERE "purchases"."status" in ('QUEUED', 'PROCESSING');--> statement-breakpoint
CREATE INDEX "purchases_queue_idx" ON "purchases" USING btree ("type","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_address_unique" ON "wallets" USING btree (lower("address"));