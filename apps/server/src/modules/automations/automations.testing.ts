import { sql } from 'drizzle-orm';

/**
 * Every evaluation of every rule, as rows of automation_runs: the runs, and the rules skipped in a
 * stretch (automation_skips, one entry per rule). Tests read it as `from ${automationLog}`.
 */
export const automationLog = sql.raw(`(
  select id::text as id, account_id, automation_id, key, trigger, conversation_id, contact_id, status, reason,
         results, next_step, created_at
  from automation_runs
  union all
  select s.key || ':' || s.seq || ':' || u.n, s.account_id, u.automation_id, s.key, s.trigger, s.conversation_id,
         s.contact_id, 'skipped', u.reason, '[]'::jsonb, 0, s.created_at
  from automation_skips s
  cross join lateral unnest(s.automation_ids, s.reasons) with ordinality as u(automation_id, reason, n)
) as automation_log`);
