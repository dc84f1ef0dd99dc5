CREATE TABLE "chain_step_retries" (
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"tries" integer NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"last_error" text NOT NULL,
	"dead_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chain_step_retries_kind_ref_id_pk" PRIMARY KEY("kind","ref_id")
);
