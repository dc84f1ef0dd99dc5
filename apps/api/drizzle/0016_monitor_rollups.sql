CREATE TABLE "daily_rollups" (
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"dimension" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"amount" numeric(78, 0) DEFAULT '0' NOT NULL,
	CONSTRAINT "daily_rollups_metric_day_dimension_pk" PRIMARY KEY("metric","day","dimension")
);
--> statement-breakpoint
CREATE INDEX "meetings_unconfirmed_idx" ON "meetings" USING btree ("met_at") WHERE "meetings"."low_confirmed_at" is null or "meetings"."high_confirmed_at" is null;--> statement-breakpoint
CREATE INDEX "cpa_postbacks_failed_idx" ON "cpa_postbacks" USING btree ("created_at") WHERE "cpa_postbacks"."state" = 'failed';--> statement-breakpoint
-- The events dispatched before the monitor subscribed are counted here once; the ones still waiting
-- reach its handlers (modules/monitor/rollups.ts, whose metrics and dimensions this repeats).
INSERT INTO "daily_rollups" ("metric", "day", "dimension", "count", "amount")
SELECT "metric", "day", "dimension", count(*)::int, coalesce(sum("amount"), 0)
FROM (
  SELECT
    CASE "type"
      WHEN 'user.registered' THEN 'registrations'
      WHEN 'purchase.completed' THEN 'sales'
      WHEN 'token.minted' THEN 'mints'
      WHEN 'meeting.confirmed' THEN 'meetings'
      WHEN 'deposit.credited' THEN 'deposits'
      WHEN 'withdrawal.requested' THEN 'withdrawal_requests'
      WHEN 'withdrawal.sent' THEN 'withdrawals'
    END AS "metric",
    ("occurred_at" AT TIME ZONE 'UTC')::date AS "day",
    CASE
      WHEN "type" IN ('purchase.completed', 'token.minted') THEN "payload"->>'level'
      WHEN "type" = 'deposit.credited' THEN "payload"->>'currency'
      ELSE ''
    END AS "dimension",
    CASE
      WHEN "type" = 'purchase.completed' THEN ("payload"->>'price')::numeric
      WHEN "type" IN ('deposit.credited', 'withdrawal.requested', 'withdrawal.sent') THEN ("payload"->>'amount')::numeric
      ELSE 0
    END AS "amount"
  FROM "domain_events"
  WHERE "dispatched_at" IS NOT NULL
    AND "type" IN ('user.registered', 'purchase.completed', 'token.minted', 'meeting.confirmed', 'deposit.credited', 'withdrawal.requested', 'withdrawal.sent')
    AND ("type" <> 'deposit.credited' OR "payload"->>'kind' = 'INPUT')
) AS "events"
GROUP BY "metric", "day", "dimension";
