import type {
  TDashboardAgentRow,
  TDashboardAgents,
  TDashboardLegacy,
  TDashboardMain,
  TDashboardMarketing,
  TDashboardPerformance,
  TDashboardPeriod,
  TDashboardQuery,
  TDashboardTargets,
  TDashboardTotals,
  TPercentiles,
} from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import { type TTx, withTenant } from '../../platform/db/tenant';
import type { TTenant } from '../../platform/tenancy';
import type { TeamChat } from '../team-chat/team-chat';
import { countOf, quantile, shareUnder } from './histogram';
import {
  checklist,
  names,
  openCounts,
  saveTargets,
  targetsRow,
  type THistograms,
  type TScope,
  type TSums,
} from './dashboards.repo';
import { resolvePeriod, type TPeriod } from './period';
import { RollupCache } from './rollup-cache';
import { RollupReader } from './rollup-reader';
import { rollupState } from './rollup.repo';
import type { RollupService } from './rollup.service';
import { SingleFlight } from './single-flight';

export function percentiles(h: readonly number[] | undefined): TPercentiles {
  if (!h) return { median: null, p90: null, count: 0 };
  return { median: quantile(h, 0.5), p90: quantile(h, 0.9), count: countOf(h) };
}

function totalsOf(s: TSums | undefined, h: THistograms | undefined): TDashboardTotals {
  return {
    opened: Number(s?.opened ?? 0),
    closed: Number(s?.closed ?? 0),
    messagesIn: Number(s?.messages_in ?? 0),
    messagesOut: Number(s?.messages_out ?? 0),
    firstResponse: { wall: percentiles(h?.frt_wall), business: percentiles(h?.frt_biz) },
    reply: { wall: percentiles(h?.reply_wall), business: percentiles(h?.reply_biz) },
    resolution: { wall: percentiles(h?.resolution_wall), business: percentiles(h?.resolution_biz) },
  };
}

type TFilters = Pick<TScope, 'operatorId' | 'channelId' | 'departmentId'>;

/**
 * The dashboards' figures (issue 20): everything from the daily roll-ups (rollup.service.ts) of
 * the resolved period, except "today so far" (live counts of open conversations and presence).
 */
export class DashboardsService {
  constructor(
    private readonly db: TDb,
    private readonly rollups: RollupService,
    private readonly teamChat: TeamChat,
    private readonly cache = new RollupCache(),
  ) {}

  /**
   * Live figures (open conversations, operators online) shared only by the requests of an account
   * that arrive while they load (single-flight.ts): each is as fresh as a query started for it.
   */
  private readonly flights = new SingleFlight();

  /** The roll-up figures of one request, cached per roll-up version (rollup-cache.ts). */
  private reader(tx: TTx, accountId: string, version: string | null) {
    return new RollupReader(tx, accountId, version, this.cache);
  }

  async period(tenant: TTenant, query: Pick<TDashboardQuery, 'filter' | 'from' | 'to'>, now = new Date()) {
    const tz = tenant.account.timezone;
    const p = resolvePeriod(query, tz, now);
    const state = await this.rollups.state(tenant.accountId);
    return { p, presented: this.presented(p, tz, state.builtThrough), version: state.version };
  }

  private presented(p: TPeriod, timezone: string, dataThrough: string | null): TDashboardPeriod {
    return { filter: p.filter, from: p.from, to: p.to, previous: p.previous, dataThrough, timezone };
  }

  /**
   * One request's reads in one tenant transaction: the roll-ups' state (what is built, the cache
   * version), then `fn` with the period and the request's roll-up reader.
   */
  private read<T>(
    tenant: TTenant,
    query: Pick<TDashboardQuery, 'filter' | 'from' | 'to'>,
    fn: (r: { tx: TTx; p: TPeriod; presented: TDashboardPeriod; rollup: RollupReader }) => Promise<T>,
  ): Promise<T> {
    const p = resolvePeriod(query, tenant.account.timezone);
    return withTenant(this.db, tenant.accountId, async (tx) => {
      const state = await rollupState(tx, tenant.accountId);
      const presented = this.presented(p, tenant.account.timezone, state?.built_through ?? null);
      return fn({ tx, p, presented, rollup: this.reader(tx, tenant.accountId, state?.version ?? null) });
    });
  }

  async main(tenant: TTenant, query: TDashboardQuery): Promise<TDashboardMain> {
    const live = this.live(tenant);
    live.catch(() => undefined); // awaited below; not unhandled when the read fails first
    return this.read(tenant, query, async ({ tx, p, presented, rollup }) => {
      const mine = { operatorId: tenant.userId };
      return {
        period: presented,
        live: await live,
        mine: await this.totals(rollup, tenant.accountId, p.from, p.to, mine),
        minePrevious: p.previous
          ? await this.totals(rollup, tenant.accountId, p.previous.from, p.previous.to, mine)
          : null,
        days: await this.days(rollup, tenant.accountId, p, mine),
        checklist: await checklist(tx, tenant.accountId),
      };
    });
  }

  async legacy(tenant: TTenant, query: TDashboardQuery): Promise<TDashboardLegacy> {
    const live = this.live(tenant);
    live.catch(() => undefined); // awaited below; not unhandled when the read fails first
    return this.read(tenant, query, async ({ p, presented, rollup }) => {
      // Operators see their own figures; managers and above the account's.
      const scope: TFilters = tenant.role === 'operator' ? { operatorId: tenant.userId } : {};
      return {
        period: presented,
        live: await live,
        totals: await this.totals(rollup, tenant.accountId, p.from, p.to, scope),
        previous: p.previous
          ? await this.totals(rollup, tenant.accountId, p.previous.from, p.previous.to, scope)
          : null,
        days: await this.days(rollup, tenant.accountId, p, scope),
      };
    });
  }

  async marketing(tenant: TTenant, query: TDashboardQuery): Promise<TDashboardMarketing> {
    return this.read(tenant, query, async ({ tx, p, presented, rollup }) => {
      const scope = (from: string, to: string): TScope => ({ accountId: tenant.accountId, from, to });
      const marketingTotals = async (from: string, to: string) => {
        const c = (await rollup.contactSums(scope(from, to), null))[0];
        const origins = new Map((await rollup.sums(scope(from, to), 'origin')).map((r) => [r.key, r.opened]));
        return {
          newContacts: Number(c?.new_contacts ?? 0),
          phaseEntries: Number(c?.phase_entries ?? 0),
          optOuts: Number(c?.opt_outs ?? 0),
          campaignConversations: Number(origins.get('campaign') ?? 0),
          inboundConversations: Number(origins.get('inbound') ?? 0),
          outboundConversations: Number(origins.get('outbound') ?? 0),
        };
      };
      const byPhase = await rollup.contactSums(scope(p.from, p.to), 'phase_id');
      const phaseNames = await names(
        tx,
        'contact_phases',
        byPhase.map((r) => r.key).filter((k): k is string => !!k),
      );
      return {
        period: presented,
        totals: await marketingTotals(p.from, p.to),
        previous: p.previous ? await marketingTotals(p.previous.from, p.previous.to) : null,
        bySource: (await rollup.contactSums(scope(p.from, p.to), 'source'))
          .filter((r) => r.key !== null)
          .map((r) => ({ source: r.key as string, count: Number(r.new_contacts) })),
        byPhase: byPhase
          .filter((r) => Number(r.new_contacts) + Number(r.phase_entries) > 0)
          .map((r) => ({
            phaseId: r.key,
            name: r.key ? (phaseNames.get(r.key)?.name ?? null) : null,
            color: r.key ? (phaseNames.get(r.key)?.extra ?? null) : null,
            newContacts: Number(r.new_contacts),
            entries: Number(r.phase_entries),
          })),
        byOrigin: (await rollup.sums(scope(p.from, p.to), 'origin')).map((r) => ({
          origin: r.key ?? 'inbound',
          opened: Number(r.opened),
        })),
        days: (await rollup.contactSums(scope(p.from, p.to), 'day')).map((r) => ({
          date: r.key as string,
          newContacts: Number(r.new_contacts),
          optOuts: Number(r.opt_outs),
          phaseEntries: Number(r.phase_entries),
        })),
      };
    });
  }

  async performance(tenant: TTenant, query: TDashboardQuery): Promise<TDashboardPerformance> {
    const filters: TFilters = { channelId: query.channelId, departmentId: query.departmentId };
    return this.read(tenant, query, async ({ tx, p, presented, rollup }) => {
      const scope: TScope = { accountId: tenant.accountId, from: p.from, to: p.to, ...filters };
      // One pass over the histograms (whole months pre-merged) for the totals, the channels and the
      // departments; the days' medians from the day rows.
      const sets = await rollup.histogramSets(scope, ['channel_id', 'department_id']);
      const totalsHist = sets.get(null)?.get(null);
      const breakdown = async (key: 'channel_id' | 'department_id', table: 'channels' | 'departments') => {
        const counts = await rollup.sums(scope, key);
        const hist = sets.get(key) ?? new Map<string | null, THistograms>();
        const labels = await names(
          tx,
          table,
          counts.map((r) => r.key).filter((k): k is string => !!k),
        );
        return counts.map((r) => {
          const h = hist.get(r.key);
          return {
            id: r.key,
            name: r.key ? (labels.get(r.key)?.name ?? null) : null,
            kind: r.key ? (labels.get(r.key)?.extra ?? null) : null,
            opened: Number(r.opened),
            closed: Number(r.closed),
            firstResponse: { wall: percentiles(h?.frt_wall), business: percentiles(h?.frt_biz) },
            resolution: { wall: percentiles(h?.resolution_wall), business: percentiles(h?.resolution_biz) },
          };
        });
      };
      const t = await targetsRow(tx, tenant.accountId);
      const targets = {
        firstResponseSeconds: t.first_response_seconds,
        resolutionSeconds: t.resolution_seconds,
      };
      return {
        period: presented,
        totals: totalsOf((await rollup.sums(scope, null))[0], totalsHist),
        previous: p.previous
          ? await this.totals(rollup, tenant.accountId, p.previous.from, p.previous.to, filters)
          : null,
        heatmap: (await rollup.heatmap(scope)).map((c) => ({
          weekday: Number(c.weekday),
          hour: Number(c.hour),
          opened: Number(c.opened),
          messagesIn: Number(c.messages_in),
        })),
        byChannel: await breakdown('channel_id', 'channels'),
        byDepartment: (await breakdown('department_id', 'departments')).map(({ kind: _k, ...r }) => ({
          ...r,
          name: r.name ?? r.id,
        })),
        targets,
        withinTarget: {
          firstResponse:
            targets.firstResponseSeconds && totalsHist
              ? shareUnder(totalsHist.frt_biz, targets.firstResponseSeconds)
              : null,
          resolution:
            targets.resolutionSeconds && totalsHist
              ? shareUnder(totalsHist.resolution_biz, targets.resolutionSeconds)
              : null,
        },
        days: await this.days(rollup, tenant.accountId, p, filters),
      };
    });
  }

  async agents(tenant: TTenant, query: TDashboardQuery): Promise<TDashboardAgents> {
    const online = this.onlineUsers(tenant);
    return this.read(tenant, query, async (r) => ({
      period: r.presented,
      rows: await this.agentRowsOf(tenant, r, await online),
    }));
  }

  async agentRows(tenant: TTenant, query: Pick<TDashboardQuery, 'filter' | 'from' | 'to'>) {
    return this.read(tenant, query, (r) => this.agentRowsOf(tenant, r, new Set<string>()));
  }

  private async agentRowsOf(
    tenant: TTenant,
    { tx, p, rollup }: { tx: TTx; p: TPeriod; rollup: RollupReader },
    online: Set<string>,
  ) {
    const scope: TScope = { accountId: tenant.accountId, from: p.from, to: p.to };
    const counts = (await rollup.sums(scope, 'operator_id')).filter((r) => r.key);
    const hist = await rollup.histograms(scope, 'operator_id', ['frt_wall', 'reply_wall', 'resolution_wall']);
    const hours = await rollup.activeHours(scope);
    const labels = await names(
      tx,
      'users',
      counts.map((r) => r.key as string),
    );
    const rows: TDashboardAgentRow[] = counts.map((r) => {
      const id = r.key as string;
      const h = hist.get(id);
      const active = hours.get(id) ?? 0;
      return {
        operatorId: id,
        name: labels.get(id)?.name ?? '',
        opened: Number(r.opened),
        closed: Number(r.closed),
        messagesOut: Number(r.messages_out),
        firstResponse: percentiles(h?.frt_wall),
        reply: percentiles(h?.reply_wall),
        resolution: percentiles(h?.resolution_wall),
        activeHours: active,
        closedPerHour: active ? Math.round((Number(r.closed) / active) * 100) / 100 : null,
        online: online.has(id),
      };
    });
    return rows.sort((a, b) => b.closed - a.closed || a.name.localeCompare(b.name));
  }

  async daysOf(tenant: TTenant, query: Pick<TDashboardQuery, 'filter' | 'from' | 'to'>) {
    const scope: TFilters = tenant.role === 'operator' ? { operatorId: tenant.userId } : {};
    return this.read(tenant, query, ({ p, rollup }) => this.days(rollup, tenant.accountId, p, scope));
  }

  async targets(accountId: string): Promise<TDashboardTargets> {
    const t = await withTenant(this.db, accountId, (tx) => targetsRow(tx, accountId));
    return { firstResponseSeconds: t.first_response_seconds, resolutionSeconds: t.resolution_seconds };
  }

  async setTargets(accountId: string, body: TDashboardTargets): Promise<TDashboardTargets> {
    await withTenant(this.db, accountId, (tx) => saveTargets(tx, accountId, body));
    return this.targets(accountId);
  }

  private async totals(rollup: RollupReader, accountId: string, from: string, to: string, filters: TFilters) {
    const scope: TScope = { accountId, from, to, ...filters };
    return totalsOf((await rollup.sums(scope, null))[0], (await rollup.histograms(scope, null)).get(null));
  }

  private async days(rollup: RollupReader, accountId: string, p: TPeriod, filters: TFilters) {
    const scope: TScope = { accountId, from: p.from, to: p.to, ...filters };
    const counts = await rollup.sums(scope, 'day');
    const hist = await rollup.histograms(scope, 'day', ['frt_wall', 'resolution_wall']);
    return counts.map((r) => ({
      date: r.key as string,
      opened: Number(r.opened),
      closed: Number(r.closed),
      messagesIn: Number(r.messages_in),
      messagesOut: Number(r.messages_out),
      firstResponseMedian: quantile(hist.get(r.key)?.frt_wall ?? [], 0.5),
      resolutionMedian: quantile(hist.get(r.key)?.resolution_wall ?? [], 0.5),
    }));
  }

  /** "Today so far": open conversations by stage, the user's own, operators online. */
  private async live(tenant: TTenant) {
    const [counts, online] = await Promise.all([
      this.flights.run(`open:${tenant.accountId}`, () =>
        withTenant(this.db, tenant.accountId, (tx) => openCounts(tx, tenant.accountId)),
      ),
      this.onlineUsers(tenant),
    ]);
    const count = (match: (c: (typeof counts)[number]) => boolean) =>
      counts.reduce((n, c) => (match(c) ? n + Number(c.n) : n), 0);
    return {
      open: count(() => true),
      waiting: count((c) => c.stage === 'waiting'),
      attendance: count((c) => c.stage === 'attendance'),
      flow: count((c) => c.stage === 'flow'),
      mine: count((c) => c.assignee_id === tenant.userId),
      operatorsOnline: online.size,
    };
  }

  /**
   * The members online now, the reader included: they are active (this request), though a tab
   * just reloaded reads the dashboard before its socket is connected again, and would see
   * itself offline until the next refresh.
   */
  private async onlineUsers(tenant: TTenant): Promise<Set<string>> {
    const online = await this.flights.run(`online:${tenant.accountId}`, async () => {
      try {
        const members = await this.teamChat.presence.snapshot(tenant.accountId);
        return new Set(members.filter((m) => m.status === 'online').map((m) => m.userId));
      } catch {
        return new Set<string>(); // realtime closed (shutdown)
      }
    });
    return online.has(tenant.userId) ? online : new Set([...online, tenant.userId]);
  }
}
