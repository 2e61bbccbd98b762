import { storeContactEvent, type TContactEventKind } from './contact-events.listener';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type TDb } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import type { Jobs } from '../../platform/jobs';
import type { InboxSettingsService } from '../inbox-settings/inbox-settings.service';
import { BusinessClock } from './business-time';
import { addTo, emptyHistogram, type THistogram, stored } from './histogram';
import { addDays, dayBounds, dayOf, monthOf, type TDay } from './local-day';
import {
  buildTotals,
  clearDirty,
  closedIn,
  contactCounts,
  firstResponsesIn,
  markDirty,
  mergeMonth,
  mergeTotals,
  messageCounts,
  openedIn,
  repliesIn,
  replaceDay,
  rollupState,
  setBuiltThrough,
  type TConversationFact,
  type TDailyRow,
  type THourlyRow,
} from './rollup.repo';

export const ROLLUP_QUEUE = 'dashboards.rollup';
export const FANOUT_QUEUE = 'dashboards.fanout';
/** Every 30 minutes (zones with half-hour offsets): each account is built soon after its local midnight. */
export const FANOUT_CRON = '5,35 * * * *';
/** How far back the first run builds (or the account's creation, when later). */
export const BACKFILL_DAYS = 400;

interface TAccountClock {
  timezone: string;
  created_at: Date | string;
}

type TAcc = TDailyRow & {
  frtWall: THistogram;
  frtBiz: THistogram;
  replyWall: THistogram;
  replyBiz: THistogram;
  resolutionWall: THistogram;
  resolutionBiz: THistogram;
};

/**
 * The daily roll-ups (issue 20): one job per account builds every local day from the last one built
 * to yesterday (D-1), then the days marked dirty by late events. A day is rebuilt whole (delete and
 * insert in one transaction), so running it again gives the same rows. The fan-out job runs every
 * 30 minutes and sends the job to the accounts whose yesterday is not built yet — that is, just
 * after their local midnight (00:05 or 00:35), and at once for an account never built (backfill).
 */
export class RollupService {
  constructor(
    private readonly db: TDb,
    private readonly jobs: Jobs,
    private readonly inboxSettings: InboxSettingsService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A contact fact of imported or demo history (a phase entered, an opt-out) at its own time. */
  recordContactFact(
    accountId: string,
    fact: { at: Date; kind: TContactEventKind; contactId: string; phaseId?: string | null },
  ): Promise<void> {
    return storeContactEvent(this.db, this, accountId, {
      ...fact,
      at: fact.at.toISOString(),
      phaseId: fact.phaseId ?? null,
    });
  }

  /** Sends one roll-up job per account that has a day to build. */
  async fanOut(now = new Date()): Promise<number> {
    const accounts = rowsOf<{ id: string; timezone: string; built_through: string | null; dirty: number }>(
      await this.db.execute(sql`
        select a.id, a.timezone, to_char(r.built_through, 'YYYY-MM-DD') as built_through,
          coalesce(cardinality(r.dirty_days), 0)::int as dirty
        from accounts a left join dashboard_rollups r on r.account_id = a.id`),
    );
    let sent = 0;
    for (const a of accounts) {
      const yesterday = addDays(dayOf(now, a.timezone), -1);
      if (a.built_through && a.built_through >= yesterday && Number(a.dirty) === 0) continue;
      await this.jobs.send(ROLLUP_QUEUE, { accountId: a.id });
      sent += 1;
    }
    return sent;
  }

  /**
   * Builds the account's missing days up to yesterday (backfill on the first run: up to
   * BACKFILL_DAYS or the account's creation), then its dirty days. Returns the days built.
   */
  async catchUp(accountId: string, now = new Date()): Promise<TDay[]> {
    const account = await this.account(accountId);
    if (!account) return [];
    const tz = account.timezone;
    const yesterday = addDays(dayOf(now, tz), -1);
    const state = await withTenant(this.db, accountId, (tx) => rollupState(tx, accountId));
    const created = dayOf(new Date(account.created_at), tz);
    const earliest = addDays(yesterday, -(BACKFILL_DAYS - 1));
    const built: TDay[] = [];
    // Days marked by late events first (they are what someone is waiting for), then the missing ones.
    const dirty = parseDays(state?.dirty_days);
    for (const day of dirty) {
      if (day > dayOf(now, tz)) continue; // a future day: nothing to build yet
      await this.buildDay(accountId, day, account);
      await withTenant(this.db, accountId, (tx) => clearDirty(tx, accountId, day));
      built.push(day);
    }
    let next = state?.built_through ? addDays(state.built_through, 1) : [created, earliest].sort()[1];
    for (; next <= yesterday; next = addDays(next, 1)) {
      await this.buildDay(accountId, next, account);
      built.push(next);
    }
    if (built.length === 0 && !state?.built_through) {
      // Created today: nothing to build, but remember where the next run starts.
      await withTenant(this.db, accountId, (tx) => setBuiltThrough(tx, accountId, yesterday));
    }
    return built;
  }

  /** Marks days to build again (a late event) and queues the account's job. */
  async invalidate(accountId: string, days: TDay[]): Promise<void> {
    if (days.length === 0) return;
    await withTenant(this.db, accountId, (tx) => markDirty(tx, accountId, days));
    await this.jobs.send(ROLLUP_QUEUE, { accountId });
  }

  /** The last day built (null before the first run). */
  async builtThrough(accountId: string): Promise<TDay | null> {
    return (await this.state(accountId)).builtThrough;
  }

  /** The last day built and the roll-ups' version (null before the first run; rollup-cache.ts). */
  async state(accountId: string): Promise<{ builtThrough: TDay | null; version: string | null }> {
    const state = await withTenant(this.db, accountId, (tx) => rollupState(tx, accountId));
    return { builtThrough: state?.built_through ?? null, version: state?.version ?? null };
  }

  /** Builds (or rebuilds) one local day of the account and records it as built. */
  async buildDay(accountId: string, day: TDay, clock?: TAccountClock): Promise<void> {
    const account = clock ?? (await this.account(accountId));
    if (!account) return;
    const tz = account.timezone;
    const settings = await this.inboxSettings.get(accountId);
    const business = new BusinessClock(settings.hoursEnabled ? settings.hours : null, tz);
    const { from, to } = dayBounds(day, tz);
    const range = { from, to, tz };
    const started = Date.now();
    await withTenant(this.db, accountId, async (tx) => {
      // One build of an account at a time: two replacing the same day at once would both insert.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`dashboards:${accountId}`}))`);
      const daily = new Map<string, TAcc>();
      const hourly = new Map<string, THourlyRow>();
      const rowOf = (
        f: Pick<TConversationFact, 'channel_id' | 'department_id' | 'operator_id' | 'origin'>,
      ) => {
        const key = `${f.channel_id}|${f.department_id}|${f.operator_id}|${f.origin}`;
        let row = daily.get(key);
        if (!row) {
          row = {
            channelId: f.channel_id,
            departmentId: f.department_id,
            operatorId: f.operator_id,
            origin: f.origin,
            opened: 0,
            closed: 0,
            messagesIn: 0,
            messagesOut: 0,
            frtWall: emptyHistogram(),
            frtBiz: emptyHistogram(),
            replyWall: emptyHistogram(),
            replyBiz: emptyHistogram(),
            resolutionWall: emptyHistogram(),
            resolutionBiz: emptyHistogram(),
          };
          daily.set(key, row);
        }
        return row;
      };
      const hourOf = (hour: number, operatorId: string | null) => {
        const key = `${hour}|${operatorId}`;
        let row = hourly.get(key);
        if (!row) {
          row = { hour, operatorId, opened: 0, messagesIn: 0, messagesOut: 0 };
          hourly.set(key, row);
        }
        return row;
      };
      const timed = (f: TConversationFact, wall: THistogram, biz: THistogram) => {
        const start = new Date(f.created_at);
        const end = new Date(f.at);
        addTo(wall, (end.getTime() - start.getTime()) / 1000);
        addTo(biz, business.seconds(start, end));
      };

      for (const f of await openedIn(tx, accountId, range)) {
        rowOf(f).opened += 1;
        hourOf(Number(f.hour), f.operator_id).opened += 1;
      }
      for (const f of await closedIn(tx, accountId, range)) {
        const row = rowOf(f);
        row.closed += 1;
        timed(f, row.resolutionWall, row.resolutionBiz);
      }
      for (const f of await firstResponsesIn(tx, accountId, range)) {
        const row = rowOf(f);
        timed(f, row.frtWall, row.frtBiz);
      }
      for (const f of await repliesIn(tx, accountId, range)) {
        const row = rowOf(f);
        timed(f, row.replyWall, row.replyBiz);
      }
      for (const m of await messageCounts(tx, accountId, range)) {
        const row = rowOf(m);
        row.messagesIn += Number(m.inbound);
        row.messagesOut += Number(m.outbound);
        const h = hourOf(Number(m.hour), m.operator_id);
        h.messagesIn += Number(m.inbound);
        h.messagesOut += Number(m.outbound);
      }
      const contacts = await contactCounts(tx, accountId, range);
      const changed = await replaceDay(tx, accountId, day, {
        daily: [...daily.values()].map((r) => ({
          ...r,
          frtWall: stored(r.frtWall),
          frtBiz: stored(r.frtBiz),
          replyWall: stored(r.replyWall),
          replyBiz: stored(r.replyBiz),
          resolutionWall: stored(r.resolutionWall),
          resolutionBiz: stored(r.resolutionBiz),
        })),
        hourly: [...hourly.values()],
        contacts,
      });
      // The day's totals and the month's pre-merged rows follow the day's, in the same transaction.
      if (changed) {
        await buildTotals(tx, accountId, day, day);
        await mergeMonth(tx, accountId, day);
        await mergeTotals(tx, accountId, day);
      }
      // Only a finished day counts as built: today (a partial build) is built again tomorrow.
      if (day < dayOf(new Date(), tz)) await setBuiltThrough(tx, accountId, day);
    });
    this.log.debug({ accountId, day, ms: Date.now() - started }, 'dashboard day built');
  }

  /**
   * Rebuilds the day totals (dashboard_totals) and the pre-merged months (dashboard_monthly and the
   * totals' months) from `from` to `to` from the day rows, for day rows written without buildDay
   * (the benchmark's generated year).
   */
  async mergeMonths(accountId: string, from: TDay, to: TDay): Promise<void> {
    for (let m = monthOf(from); m <= to; m = monthOf(addDays(m, 32))) {
      const month = m;
      const last = addDays(monthOf(addDays(month, 32)), -1);
      await withTenant(this.db, accountId, async (tx) => {
        await buildTotals(tx, accountId, month < from ? from : month, last > to ? to : last);
        await mergeMonth(tx, accountId, month);
        await mergeTotals(tx, accountId, month);
      });
    }
  }

  private async account(accountId: string): Promise<TAccountClock | null> {
    const rows = rowsOf<TAccountClock>(
      // The first activity may predate the account row (imports, a migrated account): the backfill
      // starts at the earliest of the account, its first conversation and its first contact.
      await this.db.execute(sql`
        select a.timezone, least(a.created_at,
          (select min(created_at) from conversations where account_id = a.id),
          (select min(created_at) from contacts where account_id = a.id)) as created_at
        from accounts a where a.id = ${accountId}`),
    );
    return rows[0] ?? null;
  }
}

/** A date[] as it comes back: an array of strings, or the text form '{2026-01-01,...}'. */
function parseDays(value: string[] | string | undefined): TDay[] {
  if (!value) return [];
  if (Array.isArray(value)) return value;
  return value.replace(/[{}]/g, '').split(',').filter(Boolean);
}
