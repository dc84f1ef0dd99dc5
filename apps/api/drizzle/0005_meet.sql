CREATE TABLE "device_sightings" (
	"fingerprint" text NOT NULL,
	"user_id" integer NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_sightings_fingerprint_user_id_pk" PRIMARY KEY("fingerprint","user_id")
);
--> statement-breakpoint
CREATE TABLE "hands" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"mood" text NOT NULL,
	"note" text,
	"duration_hours" smallint NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy" real,
	"position_at" timestamp with time zone NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meetings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meetings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_low_id" integer NOT NULL,
	"user_high_id" integer NOT NULL,
	"met_at" timestamp with time zone NOT NULL,
	"low_confirmed_at" timestamp with time zone,
	"high_confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetings_pair_ordered" CHECK ("meetings"."user_low_id" < "meetings"."user_high_id")
);
--> statement-breakpoint
CREATE TABLE "mint_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mint_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"meeting_id" integer NOT NULL,
	"user_low_id" integer NOT NULL,
	"user_high_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"type" smallint NOT NULL,
	"outcome" text NOT NULL,
	"chance" numeric(6, 5) NOT NULL,
	"roll" numeric(12, 10) NOT NULL,
	"nft_id" integer,
	"transaction_id" integer,
	"tx_hash" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "mint_attempts_pair_ordered" CHECK ("mint_attempts"."user_low_id" < "mint_attempts"."user_high_id")
);
--> statement-breakpoint
CREATE TABLE "mint_restrictions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mint_restrictions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"detail" jsonb,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ghost" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "device_sightings" ADD CONSTRAINT "device_sightings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hands" ADD CONSTRAINT "hands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_user_low_id_users_id_fk" FOREIGN KEY ("user_low_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_user_high_id_users_id_fk" FOREIGN KEY ("user_high_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mint_attempts" ADD CONSTRAINT "mint_attempts_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mint_attempts" ADD CONSTRAINT "mint_attempts_user_low_id_users_id_fk" FOREIGN KEY ("user_low_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mint_attempts" ADD CONSTRAINT "mint_attempts_user_high_id_users_id_fk" FOREIGN KEY ("user_high_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mint_attempts" ADD CONSTRAINT "mint_attempts_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mint_restrictions" ADD CONSTRAINT "mint_restrictions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_sightings_user_idx" ON "device_sightings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hands_expires_idx" ON "hands" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "meetings_pair_idx" ON "meetings" USING btree ("user_low_id","user_high_id","id");--> statement-breakpoint
CREATE INDEX "meetings_user_high_idx" ON "meetings" USING btree ("user_high_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mint_attempts_pair_unique" ON "mint_attempts" USING btree ("user_low_id","user_high_id") WHERE "mint_attempts"."outcome" <> 'technical_failure';--> statement-breakpoint
CREATE INDEX "mint_attempts_user_high_idx" ON "mint_attempts" USING btree ("user_high_id");--> statement-breakpoint
CREATE INDEX "mint_restrictions_user_idx" ON "mint_restrictions" USING btree ("user_id","ends_at");