import { z } from 'zod';
import { LIMITS } from '../limits';
import { zIsoDate, zRequiredText, zUuid } from './common';

/**
 * Settings of the inbox area (spec §1 settings, §5, §6, §9): attendance hours per weekday in the
 * account's time zone with an out-of-hours auto message, inbox load size, operator restrictions,
 * downtime (inactivity) closing, distribution capacity; plus closing reasons and the distribution
 * queue. Messages are VALIDATION_MESSAGES keys.
 */
export const WEEKDAYS = LIMITS.weekdays;
export type TWeekday = (typeof WEEKDAYS)[number];

export const INBOX_SETTINGS_LIMITS = {
  loadSizeDefault: 200,
  closingReasonsMax: 50,
  subReasonsMax: 50,
  rangesPerDayMax: 5,
  outOfHoursMessageMax: 1000,
  capacityMin: 1,
  capacityMax: 100,
  capacityDefault: 5,
} as const;

const zTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, { error: 'invalid' });

/** One opening range of a day, 'HH:MM' to 'HH:MM' (end after start; 24:00 closes the day). */
export const ZHoursRange = z
  .object({ start: zTime, end: zTime })
  .refine((r) => r.end > r.start, { error: 'hoursRange', path: ['end'] });
export type THoursRange = z.infer<typeof ZHoursRange>;

/** Monday..Sunday; an empty day is closed. */
export const ZWeekHours = z.object(
  Object.fromEntries(
    WEEKDAYS.map((d) => [d, z.array(ZHoursRange).max(INBOX_SETTINGS_LIMITS.rangesPerDayMax).default([])]),
  ) as Record<TWeekday, z.ZodDefault<z.ZodArray<typeof ZHoursRange>>>,
);
export type TWeekHours = z.infer<typeof ZWeekHours>;

const intIn = (min: number, max: number, key: 'inboxLoadSize' | 'downtimeDays' | 'invalid') =>
  z.coerce.number({ error: key }).int({ error: key }).min(min, { error: key }).max(max, { error: key });

/** The time window in which automations and campaigns may send (spec §3 timeToSendAutomationAndCampaign). */
export const ZSendWindow = z
  .object({ start: zTime, end: zTime })
  .refine((r) => r.end > r.start, { error: 'hoursRange', path: ['end'] });

export const ZInboxSettings = z.object({
  /** false: always open (the hours are kept but not applied). */
  hoursEnabled: z.boolean(),
  hours: ZWeekHours,
  outOfHoursMessageEnabled: z.boolean(),
  outOfHoursMessage: z.string().trim().max(INBOX_SETTINGS_LIMITS.outOfHoursMessageMax, { error: 'tooLong' }),
  loadSize: intIn(LIMITS.inboxLoadSize.min, LIMITS.inboxLoadSize.max, 'inboxLoadSize'),
  /** Operators cannot see the waiting tab (they get conversations by distribution or transfer). */
  hideWaitingTab: z.boolean(),
  /** Operators cannot start outbound conversations. */
  blockStartConversation: z.boolean(),
  /** Operators are restricted outside business hours (restrictOperator). */
  restrictOutsideHours: z.boolean(),
  /** Close open conversations idle for this many days (reason INACTIVITY); null: never. */
  downtimeDays: intIn(
    LIMITS.downtimeClosingDays.min,
    LIMITS.downtimeClosingDays.max,
    'downtimeDays',
  ).nullable(),
  /** Open conversations an operator holds before distribution skips them. */
  operatorCapacity: intIn(INBOX_SETTINGS_LIMITS.capacityMin, INBOX_SETTINGS_LIMITS.capacityMax, 'invalid'),
  timeToSendAutomationAndCampaign: ZSendWindow.nullable(),
});
export type TInboxSettings = z.infer<typeof ZInboxSettings>;

/** PUT: any subset of the settings. */
export const ZInboxSettingsBody = ZInboxSettings.partial();
export type TInboxSettingsBody = z.infer<typeof ZInboxSettingsBody>;

const zReasonName = zRequiredText(100);

export const ZClosingReasonBody = z.object({
  name: zReasonName,
  subReasons: z
    .array(zReasonName)
    .max(INBOX_SETTINGS_LIMITS.subReasonsMax, { error: 'tooLong' })
    .default([])
    .refine((list) => new Set(list.map((s) => s.toLowerCase())).size === list.length, {
      error: 'duplicate',
    }),
});
export type TClosingReasonBody = z.infer<typeof ZClosingReasonBody>;

export const ZClosingReason = z.object({
  _id: z.string(),
  name: z.string(),
  subReasons: z.array(z.string()),
  createdAt: zIsoDate,
});
export type TClosingReason = z.infer<typeof ZClosingReason>;

export const ZDistributionMemberBody = z.object({ userId: zUuid });

export const ZDistributionMember = z.object({
  userId: z.string(),
  name: z.string(),
  acl: z.string(),
  online: z.boolean(),
  openConversations: z.number(),
  lastAssignedAt: zIsoDate.nullable(),
});
export type TDistributionMember = z.infer<typeof ZDistributionMember>;
