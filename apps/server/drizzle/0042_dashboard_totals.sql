-- Dashboards (issue 20/21, performance): the totals a page shows, pre-aggregated by the roll-up.
-- dashboard_totals holds, per account, local day (grain 'day') and local calendar month (grain
-- 'month', its first day), one row per breakdown: dim 'all' (the account's totals), 'channel',
-- 'department', 'operator' and 'origin' (key: the id or origin; null for 'all' and for rows without
-- one). Counters and histograms are the sums of that day's dashboard_daily rows; the 'all' rows also
-- carry the heatmap (heat_opened, heat_in: 168 cells, (ISO weekday - 1) * 24 + local hour, from
-- dashboard_hourly) and the 'operator' rows the hours in which the operator sent a message. A page
-- reads a handful of these rows (12 months and the days at the edges of "last year") instead of
-- every channel × operator row. Built with the day by dashboard_build_totals and
-- dashboard_merge_totals below (dashboards/rollup.repo.ts), in the same transaction.
CREATE TABLE "dashboard_totals" (
	"account_id" uuid NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"grain" text NOT NULL,
	"day" date NOT NULL,
	"dim" text NOT NULL,
	"key" text,
	"opened" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	"messages_in" integer DEFAULT 0 NOT NULL,
	"messages_out" integer DEFAULT 0 NOT NULL,
	"frt_wall" integer[] DEFAULT '{}' NOT NULL,
	"frt_biz" integer[] DEFAULT '{}' NOT NULL,
	"reply_wall" integer[] DEFAULT '{}' NOT NULL,
	"reply_biz" integer[] DEFAULT '{}' NOT NULL,
	"resolution_wall" integer[] DEFAULT '{}' NOT NULL,
	"resolution_biz" integer[] DEFAULT '{}' NOT NULL,
	"heat_opened" integer[] DEFAULT '{}' NOT NULL,
	"heat_in" integer[] DEFAULT '{}' NOT NULL,
	"active_hours" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dashboard_totals_acc_dim_grain_day_idx" ON "dashboard_totals" USING btree ("account_id","dim","grain","day");
--> statement-breakpoint
ALTER TABLE dashboard_totals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON dashboard_totals USING (account_id = app_account_id()) WITH CHECK (account_id = app_account_id());
--> statement-breakpoint
-- The day rows of [p_from, p_to] rebuilt from dashboard_daily and dashboard_hourly (histograms added
-- bucket by bucket; a histogram without samples stays '{}').
CREATE OR REPLACE FUNCTION dashboard_build_totals(p_account uuid, p_from date, p_to date) RETURNS void
LANGUAGE sql AS $$
DELETE FROM dashboard_totals WHERE account_id = p_account AND grain = 'day' AND day >= p_from AND day <= p_to;
INSERT INTO dashboard_totals (account_id, grain, day, dim, key, opened, closed, messages_in, messages_out,
  frt_wall, frt_biz, reply_wall, reply_biz, resolution_wall, resolution_biz, heat_opened, heat_in, active_hours)
WITH d AS (
  SELECT day, channel_id::text AS channel, department_id AS department, operator_id::text AS operator, origin,
    opened, closed, messages_in, messages_out, frt_wall, frt_biz, reply_wall, reply_biz, resolution_wall, resolution_biz
  FROM dashboard_daily WHERE account_id = p_account AND day >= p_from AND day <= p_to
), counts AS (
  SELECT day,
    CASE WHEN grouping(channel) = 0 THEN 'channel' WHEN grouping(department) = 0 THEN 'department'
      WHEN grouping(operator) = 0 THEN 'operator' WHEN grouping(origin) = 0 THEN 'origin' ELSE 'all' END AS dim,
    CASE WHEN grouping(channel) = 0 THEN channel WHEN grouping(department) = 0 THEN department
      WHEN grouping(operator) = 0 THEN operator WHEN grouping(origin) = 0 THEN origin END AS key,
    sum(opened)::int AS opened, sum(closed)::int AS closed, sum(messages_in)::int AS messages_in,
    sum(messages_out)::int AS messages_out
  FROM d GROUP BY GROUPING SETS ((day), (day, channel), (day, department), (day, operator), (day, origin))
), buckets AS (
  SELECT day,
    CASE WHEN grouping(channel) = 0 THEN 'channel' WHEN grouping(department) = 0 THEN 'department'
      WHEN grouping(operator) = 0 THEN 'operator' WHEN grouping(origin) = 0 THEN 'origin' ELSE 'all' END AS dim,
    CASE WHEN grouping(channel) = 0 THEN channel WHEN grouping(department) = 0 THEN department
      WHEN grouping(operator) = 0 THEN operator WHEN grouping(origin) = 0 THEN origin END AS key,
    u.i, coalesce(sum(u.a), 0)::int AS a, coalesce(sum(u.b), 0)::int AS b, coalesce(sum(u.c), 0)::int AS c,
    coalesce(sum(u.d), 0)::int AS d, coalesce(sum(u.e), 0)::int AS e, coalesce(sum(u.f), 0)::int AS f
  FROM d CROSS JOIN LATERAL unnest(frt_wall, frt_biz, reply_wall, reply_biz, resolution_wall, resolution_biz)
    WITH ORDINALITY AS u(a, b, c, d, e, f, i)
  GROUP BY GROUPING SETS ((day, u.i), (day, channel, u.i), (day, department, u.i), (day, operator, u.i),
    (day, origin, u.i))
), hists AS (
  SELECT day, dim, key,
    CASE WHEN sum(a) > 0 THEN array_agg(a ORDER BY i) END AS frt_wall,
    CASE WHEN sum(b) > 0 THEN array_agg(b ORDER BY i) END AS frt_biz,
    CASE WHEN sum(c) > 0 THEN array_agg(c ORDER BY i) END AS reply_wall,
    CASE WHEN sum(d) > 0 THEN array_agg(d ORDER BY i) END AS reply_biz,
    CASE WHEN sum(e) > 0 THEN array_agg(e ORDER BY i) END AS resolution_wall,
    CASE WHEN sum(f) > 0 THEN array_agg(f ORDER BY i) END AS resolution_biz
  FROM buckets GROUP BY 1, 2, 3
), hourly AS (
  SELECT day, (extract(isodow FROM day)::int - 1) * 24 + hour AS cell, sum(opened)::int AS opened,
    sum(messages_in)::int AS messages_in
  FROM dashboard_hourly WHERE account_id = p_account AND day >= p_from AND day <= p_to
  GROUP BY 1, 2
), heat AS (
  SELECT days.day, array_agg(coalesce(h.opened, 0) ORDER BY s.cell) AS heat_opened,
    array_agg(coalesce(h.messages_in, 0) ORDER BY s.cell) AS heat_in
  FROM (SELECT DISTINCT day FROM hourly) days
  CROSS JOIN generate_series(0, 167) AS s(cell)
  LEFT JOIN hourly h ON h.day = days.day AND h.cell = s.cell
  GROUP BY 1
), active AS (
  SELECT day, operator_id::text AS key, count(*)::int AS hours
  FROM dashboard_hourly
  WHERE account_id = p_account AND day >= p_from AND day <= p_to AND operator_id IS NOT NULL AND messages_out > 0
  GROUP BY 1, 2
)
SELECT p_account, 'day', c.day, c.dim, c.key, c.opened, c.closed, c.messages_in, c.messages_out,
  coalesce(h.frt_wall, '{}'), coalesce(h.frt_biz, '{}'), coalesce(h.reply_wall, '{}'), coalesce(h.reply_biz, '{}'),
  coalesce(h.resolution_wall, '{}'), coalesce(h.resolution_biz, '{}'),
  coalesce(ht.heat_opened, '{}'), coalesce(ht.heat_in, '{}'), coalesce(a.hours, 0)
FROM counts c
LEFT JOIN hists h ON h.day = c.day AND h.dim = c.dim AND h.key IS NOT DISTINCT FROM c.key
LEFT JOIN heat ht ON ht.day = c.day AND c.dim = 'all'
LEFT JOIN active a ON a.day = c.day AND c.dim = 'operator' AND a.key = c.key;
$$;
--> statement-breakpoint
-- The month rows of the month starting p_month rebuilt from its day rows (arrays added cell by cell).
CREATE OR REPLACE FUNCTION dashboard_merge_totals(p_account uuid, p_month date) RETURNS void
LANGUAGE sql AS $$
DELETE FROM dashboard_totals WHERE account_id = p_account AND grain = 'month' AND day = p_month;
INSERT INTO dashboard_totals (account_id, grain, day, dim, key, opened, closed, messages_in, messages_out,
  frt_wall, frt_biz, reply_wall, reply_biz, resolution_wall, resolution_biz, heat_opened, heat_in, active_hours)
WITH d AS (
  SELECT * FROM dashboard_totals
  WHERE account_id = p_account AND grain = 'day' AND day >= p_month AND day < (p_month + interval '1 month')::date
), counts AS (
  SELECT dim, key, sum(opened)::int AS opened, sum(closed)::int AS closed, sum(messages_in)::int AS messages_in,
    sum(messages_out)::int AS messages_out, sum(active_hours)::int AS active_hours,
    max(cardinality(heat_opened)) AS heat_cells
  FROM d GROUP BY 1, 2
), cells AS (
  SELECT dim, key, u.i, coalesce(sum(u.a), 0)::int AS a, coalesce(sum(u.b), 0)::int AS b,
    coalesce(sum(u.c), 0)::int AS c, coalesce(sum(u.d), 0)::int AS d, coalesce(sum(u.e), 0)::int AS e,
    coalesce(sum(u.f), 0)::int AS f, coalesce(sum(u.g), 0)::int AS g, coalesce(sum(u.h), 0)::int AS h
  FROM d CROSS JOIN LATERAL unnest(frt_wall, frt_biz, reply_wall, reply_biz, resolution_wall, resolution_biz,
    heat_opened, heat_in) WITH ORDINALITY AS u(a, b, c, d, e, f, g, h, i)
  GROUP BY 1, 2, 3
), arrays AS (
  -- Histograms have 49 buckets (dashboards/histogram.ts BUCKETS), the heatmap 168 cells.
  SELECT dim, key,
    CASE WHEN sum(a) > 0 THEN array_agg(a ORDER BY i) FILTER (WHERE i <= 49) END AS frt_wall,
    CASE WHEN sum(b) > 0 THEN array_agg(b ORDER BY i) FILTER (WHERE i <= 49) END AS frt_biz,
    CASE WHEN sum(c) > 0 THEN array_agg(c ORDER BY i) FILTER (WHERE i <= 49) END AS reply_wall,
    CASE WHEN sum(d) > 0 THEN array_agg(d ORDER BY i) FILTER (WHERE i <= 49) END AS reply_biz,
    CASE WHEN sum(e) > 0 THEN array_agg(e ORDER BY i) FILTER (WHERE i <= 49) END AS resolution_wall,
    CASE WHEN sum(f) > 0 THEN array_agg(f ORDER BY i) FILTER (WHERE i <= 49) END AS resolution_biz,
    array_agg(g ORDER BY i) FILTER (WHERE i <= 168) AS heat_opened,
    array_agg(h ORDER BY i) FILTER (WHERE i <= 168) AS heat_in
  FROM cells GROUP BY 1, 2
)
SELECT p_account, 'month', p_month, c.dim, c.key, c.opened, c.closed, c.messages_in, c.messages_out,
  coalesce(a.frt_wall, '{}'), coalesce(a.frt_biz, '{}'), coalesce(a.reply_wall, '{}'), coalesce(a.reply_biz, '{}'),
  coalesce(a.resolution_wall, '{}'), coalesce(a.resolution_biz, '{}'),
  CASE WHEN c.heat_cells > 0 THEN a.heat_opened ELSE '{}' END, CASE WHEN c.heat_cells > 0 THEN a.heat_in ELSE '{}' END,
  c.active_hours
FROM counts c
LEFT JOIN arrays a ON a.dim = c.dim AND a.key IS NOT DISTINCT FROM c.key;
$$;
--> statement-breakpoint
-- The totals of the days and months built so far.
SELECT dashboard_build_totals(r.account_id, r.first, r.last)
FROM (SELECT account_id, min(day) AS first, max(day) AS last FROM dashboard_daily GROUP BY account_id) r;
--> statement-breakpoint
SELECT dashboard_merge_totals(m.account_id, m.month)
FROM (SELECT DISTINCT account_id, month FROM dashboard_monthly) m;
