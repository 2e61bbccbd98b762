import { sql } from 'drizzle-orm';
import { skipEntriesSql } from './automations.repo';

/**
 * Every evaluation of every rule, as rows of automation_runs: the runs, and the rules skipped in a
 * stretch (automation_skips, one entry per rule). Tests read it as `from ${automationLog}`.
 */
export const automationLog = sql`(
  select id::text as id, account_id, automation_id, key, trigger, conversation_id, contact_id, status, reason,
         results, next_step, created_at, updated_at
  from automation_runs
  union all
  ${skipEntriesSql}
) as automation_log`;
