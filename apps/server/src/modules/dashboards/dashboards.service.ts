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
  liveCounts,
  names,
  saveTargets,
  targetsRow,
  type THistograms,
  type TScope,
  type TSums,
} from './dashboards.repo';
import { resolvePeriod, type TPeriod } from './period';
import { RollupCache } from './rollup-cache';
import { RollupReader } from './rollup-reader';
import type { RollupService } from './rollup.service';

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

  /** The roll-up figures of one request, cached per roll-up version (rollup-cache.ts). */
  private reader(tx: TTx, accountId: string, version: string | null) {
    return new RollupReader(tx, accountId, version, this.cache);
  }

  async period(tenant: TTenant, query: Pick<TDashboardQuery, 'filter' | 'from' | 'to'>, now = new Date()) {
    const tz = tenant.account.timezone;
    const p = resolvePeriod(query, tz, now);
    const state = await this.rollups.state(tenant.accountId);
    const presented: TDashboardPeriod = {
      filter: p.filter,
      from: p.from,
      to: p.to,
      previous: p.previous,
      dataThrough: state.builtThrough,
      timezone: tz,
    };
    return { p, presented, version: state.version };
  }

  async main(tenant: TTenant, query: TDashboardQuery): Promise<TDashboardMain> {
    const { p, presented, version } = await this.period(tenant, query);
    const live = await this.live(tenant);
    return withTenant(this.db, tenant.accountId, async (tx) => {
      const rollup = this.reader(tx, tenant.accountId, version);
      const mine = { operatorId: tenant.userId };
      return {
        period: presented,
        live,
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
    const { p, presented, version } = await this.period(tenant, query);
    const live = await this.live(tenant);
    return withTenant(this.db, tenant.accountId, async (tx) => {
      const rollup = this.reader(tx, tenant.accountId, version);
      // Operators see their own figures; managers and above the account's.
      const scope: TFilters = tenant.role === 'operator' ? { operatorId: tenant.userId } : {};
      return {
        period: presented,
        live,
        totals: await this.totals(rollup, tenant.accountId, p.from, p.to, scope),
        previous: p.previous
          ? await this.totals(rollup, tenant.accountId, p.previous.from, p.previous.to, scope)
          : null,
        days: await this.days(rollup, tenant.accountId, p, scope),
      };
    });
  }

  async marketing(tenant: TTenant, query: TDashboardQuery): Promise<TDashboardMarketing> {
    const { p, presented, version } = await this.period(tenant, query);
    return withTenant(this.db, tenant.accountId, async (tx) => {
      const rollup = this.reader(tx, tenant.accountId, version);
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
    const { p, presented, version } = await this.period(tenant, query);
    const filters: TFilters = { channelId: query.channelId, departmentId: query.departmentId };
    return withTenant(this.db, tenant.accountId, async (tx) => {
      const rollup = this.reader(tx, tenant.accountId, version);
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
    const resolved = await this.period(tenant, query);
    const online = await this.onlineUsers(tenant.accountId);
    return { period: resolved.presented, rows: await this.agentRows(tenant, query, online, resolved) };
  }

  async agentRows(
    tenant: TTenant,
    query: Pick<TDashboardQuery, 'filter' | 'from' | 'to'>,
    online = new Set<string>(),
    resolved?: { p: TPeriod; version: string | null },
  ) {
    const { p, version } = resolved ?? (await this.period(tenant, query));
    return withTenant(this.db, tenant.accountId, async (tx) => {
      const rollup = this.reader(tx, tenant.accountId, version);
      const scope: TScope = { accountId: tenant.accountId, from: p.from, to: p.to };
      const counts = (await rollup.sums(scope, 'operator_id')).filter((r) => r.key);
      const hist = await rollup.histograms(scope, 'operator_id', [
        'frt_wall',
        'reply_wall',
        'resolution_wall',
      ]);
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
    });
  }

  async daysOf(tenant: TTenant, query: Pick<TDashboardQuery, 'filter' | 'from' | 'to'>) {
    const { p, version } = await this.period(tenant, query);
    const scope: TFilters = tenant.role === 'operator' ? { operatorId: tenant.userId } : {};
    return withTenant(this.db, tenant.accountId, (tx) =>
      this.days(this.reader(tx, tenant.accountId, version), tenant.accountId, p, scope),
    );
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

  private async live(tenant: TTenant) {
    const counts = await withTenant(this.db, tenant.accountId, (tx) =>
      liveCounts(tx, tenant.accountId, tenant.userId),
    );
    const online = await this.onlineUsers(tenant.accountId);
    return {
      open: Number(counts.open),
      waiting: Number(counts.waiting),
      attendance: Number(counts.attendance),
      flow: Number(counts.flow),
      mine: Number(counts.mine),
      operatorsOnline: online.size,
    };
  }

  private async onlineUsers(accountId: string): Promise<Set<string>> {
    try {
      const members = await this.teamChat.presence.snapshot(accountId);
      return new Set(members.filter((m) => m.status === 'online').map((m) => m.userId));
    } catch {
      return new Set(); // realtime closed (shutdown)
    }
  }
}
