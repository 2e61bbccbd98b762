import { z } from 'zod';
import { zUuid } from './common';
import { DATE_FILTERS } from './contacts';

/**
 * Dashboards (issue 20, spec §9): data up to yesterday (D-1) from the daily roll-ups, for one of
 * the spec's date filters or a custom range of local days; engagement data from September 2025.
 */
export const DASHBOARD_FILTERS = [...DATE_FILTERS, 'custom'] as const;
export type TDashboardFilter = (typeof DASHBOARD_FILTERS)[number];

export const DASHBOARD_LIMITS = {
  /** Spec §9: engagement data available from September 2025. */
  dataSince: '2025-09-01',
  /** A custom range spans at most this many days. */
  customMaxDays: 731,
  /** Targets: up to 30 days in seconds. */
  targetMaxSeconds: 2_592_000,
} as const;

const zDay = z.iso.date({ error: 'invalid' });

export const ZDashboardQuery = z
  .object({
    filter: z.enum(DASHBOARD_FILTERS, { error: 'invalid' }).default('thisMonth'),
    from: zDay.optional(),
    to: zDay.optional(),
    channelId: zUuid.optional(),
    departmentId: z.string().trim().min(1).max(100).optional(),
  })
  .refine((q) => q.filter !== 'custom' || (q.from && q.to), { error: 'required', path: ['from'] })
  .refine((q) => !q.from || !q.to || q.to >= q.from, { error: 'invalid', path: ['to'] });
export type TDashboardQuery = z.infer<typeof ZDashboardQuery>;

export const DASHBOARD_EXPORTS = ['agents', 'performance', 'marketing', 'days'] as const;
export const ZDashboardExportQuery = z
  .object({
    filter: z.enum(DASHBOARD_FILTERS, { error: 'invalid' }).default('thisMonth'),
    from: zDay.optional(),
    to: zDay.optional(),
    table: z.enum(DASHBOARD_EXPORTS, { error: 'invalid' }),
    format: z.enum(['csv', 'xlsx'], { error: 'invalid' }).default('xlsx'),
  })
  .refine((q) => q.filter !== 'custom' || (q.from && q.to), { error: 'required', path: ['from'] });

const zCount = z.number().int();
const zSeconds = z.number().nullable();

/** Median and p90 of a duration in seconds (null without samples) and how many samples. */
export const ZPercentiles = z.object({ median: zSeconds, p90: zSeconds, count: zCount });
export type TPercentiles = z.infer<typeof ZPercentiles>;

/** A duration measured in wall-clock time and inside the attendance hours. */
export const ZTimes = z.object({ wall: ZPercentiles, business: ZPercentiles });

export const ZDashboardTotals = z.object({
  opened: zCount,
  closed: zCount,
  messagesIn: zCount,
  messagesOut: zCount,
  firstResponse: ZTimes,
  reply: ZTimes,
  resolution: ZTimes,
});
export type TDashboardTotals = z.infer<typeof ZDashboardTotals>;

export const ZDashboardPeriod = z.object({
  filter: z.enum(DASHBOARD_FILTERS),
  /** Local days, inclusive; null from/to for 'all' before any data. */
  from: z.string(),
  to: z.string(),
  /** The previous period of the same length (null for 'all'). */
  previous: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** The last day the roll-ups hold (yesterday once built; null before the first run). */
  dataThrough: z.string().nullable(),
  timezone: z.string(),
});
export type TDashboardPeriod = z.infer<typeof ZDashboardPeriod>;

/** "Today so far", from live queries. */
export const ZDashboardLive = z.object({
  open: zCount,
  waiting: zCount,
  attendance: zCount,
  flow: zCount,
  mine: zCount,
  operatorsOnline: zCount,
});

export const ZDashboardDay = z.object({
  date: z.string(),
  opened: zCount,
  closed: zCount,
  messagesIn: zCount,
  messagesOut: zCount,
  firstResponseMedian: zSeconds,
  resolutionMedian: zSeconds,
});

export const ZDashboardChecklist = z.object({
  channel: z.boolean(),
  chatbot: z.boolean(),
  team: z.boolean(),
});

export const ZDashboardMain = z.object({
  period: ZDashboardPeriod,
  live: ZDashboardLive,
  /** The user's own figures over the period, and over the previous one. */
  mine: ZDashboardTotals,
  minePrevious: ZDashboardTotals.nullable(),
  days: z.array(ZDashboardDay),
  checklist: ZDashboardChecklist,
});
export type TDashboardMain = z.infer<typeof ZDashboardMain>;

export const ZDashboardLegacy = z.object({
  period: ZDashboardPeriod,
  live: ZDashboardLive,
  totals: ZDashboardTotals,
  previous: ZDashboardTotals.nullable(),
  days: z.array(ZDashboardDay),
});
export type TDashboardLegacy = z.infer<typeof ZDashboardLegacy>;

export const ZDashboardMarketingTotals = z.object({
  newContacts: zCount,
  phaseEntries: zCount,
  optOuts: zCount,
  campaignConversations: zCount,
  inboundConversations: zCount,
  outboundConversations: zCount,
});

export const ZDashboardMarketing = z.object({
  period: ZDashboardPeriod,
  totals: ZDashboardMarketingTotals,
  previous: ZDashboardMarketingTotals.nullable(),
  bySource: z.array(z.object({ source: z.string(), count: zCount })),
  byPhase: z.array(
    z.object({
      phaseId: z.string().nullable(),
      name: z.string().nullable(),
      color: z.string().nullable(),
      newContacts: zCount,
      entries: zCount,
    }),
  ),
  byOrigin: z.array(z.object({ origin: z.string(), opened: zCount })),
  days: z.array(z.object({ date: z.string(), newContacts: zCount, optOuts: zCount, phaseEntries: zCount })),
});
export type TDashboardMarketing = z.infer<typeof ZDashboardMarketing>;

export const ZDashboardTargets = z.object({
  firstResponseSeconds: z.number().int().min(1).max(DASHBOARD_LIMITS.targetMaxSeconds).nullable(),
  resolutionSeconds: z.number().int().min(1).max(DASHBOARD_LIMITS.targetMaxSeconds).nullable(),
});
export type TDashboardTargets = z.infer<typeof ZDashboardTargets>;

const ZBreakdown = z.object({
  id: z.string().nullable(),
  name: z.string().nullable(),
  opened: zCount,
  closed: zCount,
  firstResponse: ZTimes,
  resolution: ZTimes,
});

export const ZDashboardPerformance = z.object({
  period: ZDashboardPeriod,
  totals: ZDashboardTotals,
  previous: ZDashboardTotals.nullable(),
  /** Conversations opened and customer messages by weekday (0 = Monday) and local hour. */
  heatmap: z.array(z.object({ weekday: zCount, hour: zCount, opened: zCount, messagesIn: zCount })),
  byChannel: z.array(ZBreakdown.extend({ kind: z.string().nullable() })),
  byDepartment: z.array(ZBreakdown),
  targets: ZDashboardTargets,
  /** Share (0..1) of first responses / resolutions within the targets (business hours). */
  withinTarget: z.object({ firstResponse: z.number().nullable(), resolution: z.number().nullable() }),
  days: z.array(ZDashboardDay),
});
export type TDashboardPerformance = z.infer<typeof ZDashboardPerformance>;

export const ZDashboardAgentRow = z.object({
  operatorId: z.string(),
  name: z.string(),
  opened: zCount,
  closed: zCount,
  messagesOut: zCount,
  firstResponse: ZPercentiles,
  reply: ZPercentiles,
  resolution: ZPercentiles,
  /** Local hours in which the operator sent messages, and closed conversations per such hour. */
  activeHours: zCount,
  closedPerHour: z.number().nullable(),
  online: z.boolean(),
});
export type TDashboardAgentRow = z.infer<typeof ZDashboardAgentRow>;

export const ZDashboardAgents = z.object({
  period: ZDashboardPeriod,
  rows: z.array(ZDashboardAgentRow),
});
export type TDashboardAgents = z.infer<typeof ZDashboardAgents>;
