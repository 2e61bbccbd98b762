-- Dashboards (issue 21, performance): long periods read pre-merged months instead of every day.
-- dashboard_monthly holds, per account and local calendar month, the sum of that month's
-- dashboard_daily rows per channel, department, operator and origin (histograms added bucket by
-- bucket). It is rebuilt with the day, in the same transaction, whenever a day is built
-- (dashboards/rollup.repo.ts mergeMonth); a period reads its whole months here and the days at
-- its edges from dashboard_daily.
CREATE TABLE "dashboard_monthly" (
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"month" date NOT NULL,
	"channel_id" uuid,
	"department_id" text,
	"operator_id" uuid,
	"origin" text NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	"messages_in" integer DEFAULT 0 NOT NULL,
	"messages_out" integer DEFAULT 0 NOT NULL,
	"frt_wall" integer[] DEFAULT '{}' NOT NULL,
	"frt_biz" integer[] DEFAULT '{}' NOT NULL,
	"reply_wall" integer[] DEFAULT '{}' NOT NULL,
	"reply_biz" integer[] DEFAULT '{}' NOT NULL,
	"resolution_wall" integer[] DEFAULT '{}' NOT NULL,
	"resolution_biz" integer[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dashboard_monthly_acc_month_idx" ON "dashboard_monthly" USING btree ("account_id","month");
--> statement-breakpoint
CREATE INDEX "dashboard_monthly_acc_operator_month_idx" ON "dashboard_monthly" USING btree ("account_id","operator_id","month");
--> statement-breakpoint
-- An operator's own figures (/dashboard, /legacy-dashboard) read only that operator's day rows.
CREATE INDEX IF NOT EXISTS "dashboard_daily_acc_operator_day_idx" ON "dashboard_daily" USING btree ("account_id","operator_id","day");
--> statement-breakpoint
ALTER TABLE dashboard_monthly ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON dashboard_monthly USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
-- The months of the days built so far (the same sums as mergeMonth, for every account).
INSERT INTO dashboard_monthly (account_id, month, channel_id, department_id, operator_id, origin, opened, closed,
  messages_in, messages_out, frt_wall, frt_biz, reply_wall, reply_biz, resolution_wall, resolution_biz)
WITH counts AS (
  SELECT account_id, date_trunc('month', day)::date AS month, channel_id, department_id, operator_id, origin,
    sum(opened)::int AS opened, sum(closed)::int AS closed, sum(messages_in)::int AS messages_in,
    sum(messages_out)::int AS messages_out
  FROM dashboard_daily GROUP BY 1, 2, 3, 4, 5, 6
), buckets AS (
  SELECT account_id, date_trunc('month', day)::date AS month, channel_id, department_id, operator_id, origin, u.i,
    coalesce(sum(u.a), 0)::int AS a, coalesce(sum(u.b), 0)::int AS b, coalesce(sum(u.c), 0)::int AS c,
    coalesce(sum(u.d), 0)::int AS d, coalesce(sum(u.e), 0)::int AS e, coalesce(sum(u.f), 0)::int AS f
  FROM dashboard_daily
  CROSS JOIN LATERAL unnest(frt_wall, frt_biz, reply_wall, reply_biz, resolution_wall, resolution_biz)
    WITH ORDINALITY AS u(a, b, c, d, e, f, i)
  GROUP BY 1, 2, 3, 4, 5, 6, 7
), hists AS (
  SELECT account_id, month, channel_id, department_id, operator_id, origin,
    CASE WHEN sum(a) > 0 THEN array_agg(a ORDER BY i) END AS frt_wall,
    CASE WHEN sum(b) > 0 THEN array_agg(b ORDER BY i) END AS frt_biz,
    CASE WHEN sum(c) > 0 THEN array_agg(c ORDER BY i) END AS reply_wall,
    CASE WHEN sum(d) > 0 THEN array_agg(d ORDER BY i) END AS reply_biz,
    CASE WHEN sum(e) > 0 THEN array_agg(e ORDER BY i) END AS resolution_wall,
    CASE WHEN sum(f) > 0 THEN array_agg(f ORDER BY i) END AS resolution_biz
  FROM buckets GROUP BY 1, 2, 3, 4, 5, 6
)
SELECT c.account_id, c.month, c.channel_id, c.department_id, c.operator_id, c.origin, c.opened, c.closed,
  c.messages_in, c.messages_out, coalesce(h.frt_wall, '{}'), coalesce(h.frt_biz, '{}'),
  coalesce(h.reply_wall, '{}'), coalesce(h.reply_biz, '{}'), coalesce(h.resolution_wall, '{}'),
  coalesce(h.resolution_biz, '{}')
FROM counts c
LEFT JOIN hists h ON h.account_id = c.account_id AND h.month = c.month
  AND h.channel_id IS NOT DISTINCT FROM c.channel_id AND h.department_id IS NOT DISTINCT FROM c.department_id
  AND h.operator_id IS NOT DISTINCT FROM c.operator_id AND h.origin = c.origin;
