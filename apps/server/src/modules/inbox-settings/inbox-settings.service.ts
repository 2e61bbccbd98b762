import {
  hasRole,
  INBOX_SETTINGS_LIMITS,
  type TClosingReason,
  type TClosingReasonBody,
  type TInboxSettings,
  type TInboxSettingsBody,
  type TWeekHours,
} from '@atende/shared';
import type { TRelevance } from '../../platform/events';
import type { TDb } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { loadAccountBundle, type TTenant } from '../../platform/tenancy';
import type { TenantCache } from '../../platform/tenant-cache';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import {
  DEFAULT_TIMEZONE,
  defaultWeekHours,
  isOutOfHours,
  isWithinHours,
  nextOpening,
} from './business-hours';
import { changesOf } from '../activity-log/activity-changes';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import type { TActor } from '../../platform/request-context';
import {
  deleteReasonRow,
  findReasonByName,
  findSettingsRow,
  insertReasonRow,
  listReasonRows,
  outOfHoursReplySql,
  updateReasonRow,
  upsertSettingsRow,
  type TClosingReasonRow,
  type TInboxSettingsPatch,
  type TInboxSettingsRow,
} from './inbox-settings.repo';

/** Settings are read on every inbound message: cached per process for a few seconds. */
const CACHE_MS = 5_000;

function present(row: TInboxSettingsRow | undefined): TInboxSettings {
  return {
    hoursEnabled: row?.hoursEnabled ?? false,
    hours: row?.hours ?? defaultWeekHours(),
    outOfHoursMessageEnabled: row?.outOfHoursMessageEnabled ?? false,
    outOfHoursMessage: row?.outOfHoursMessage ?? '',
    loadSize: row?.loadSize ?? INBOX_SETTINGS_LIMITS.loadSizeDefault,
    hideWaitingTab: row?.hideWaitingTab ?? false,
    blockStartConversation: row?.blockStartConversation ?? false,
    restrictOutsideHours: row?.restrictOutsideHours ?? false,
    downtimeDays: row?.downtimeDays ?? null,
    operatorCapacity: row?.operatorCapacity ?? INBOX_SETTINGS_LIMITS.capacityDefault,
    timeToSendAutomationAndCampaign: row?.sendWindow ?? null,
  };
}

function presentReason(row: TClosingReasonRow): TClosingReason {
  return { _id: row.id, name: row.name, subReasons: row.subReasons, createdAt: row.createdAt.toISOString() };
}

/**
 * Inbox settings (admins write, the inbox reads): attendance hours and the out-of-hours message,
 * load size, operator restrictions, downtime closing, distribution capacity; closing reasons.
 */
export class InboxSettingsService {
  private readonly cache = new Map<string, { at: number; value: TInboxSettings }>();

  constructor(
    private readonly db: TDb,
    private readonly tenantCache: TenantCache,
    private readonly activity: ActivityLogService,
  ) {}

  async get(accountId: string): Promise<TInboxSettings> {
    const hit = this.cache.get(accountId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    const value = present(await findSettingsRow(this.db, accountId));
    this.cache.set(accountId, { at: Date.now(), value });
    if (this.cache.size > 10_000) this.cache.delete(this.cache.keys().next().value!);
    return value;
  }

  async update(accountId: string, body: TInboxSettingsBody, actor?: TActor): Promise<TInboxSettings> {
    const before = actor ? present(await findSettingsRow(this.db, accountId)) : undefined;
    const patch: TInboxSettingsPatch = {};
    for (const key of Object.keys(body) as Array<keyof TInboxSettingsBody>) {
      if (body[key] === undefined) continue;
      if (key === 'timeToSendAutomationAndCampaign') patch.sendWindow = body[key] ?? null;
      else (patch as Record<string, unknown>)[key] = body[key];
    }
    const row = await upsertSettingsRow(this.db, accountId, patch);
    this.cache.delete(accountId);
    const after = present(row);
    if (actor && before) {
      const changes = changesOf(before, after, Object.keys(body));
      if (changes.length)
        await this.activity.record(accountId, actor, { action: 'settings.updated', details: { changes } });
    }
    return after;
  }

  private async timezone(accountId: string): Promise<string> {
    const bundle = await this.tenantCache.account(accountId, () => loadAccountBundle(this.db, accountId));
    return bundle?.account.timezone ?? DEFAULT_TIMEZONE;
  }

  /** Within the attendance hours now (always, when hours are off). The inbound path asks this. */
  async isOpenNow(accountId: string, now = new Date()): Promise<boolean> {
    const settings = await this.get(accountId);
    if (!settings.hoursEnabled) return true;
    return isWithinHours(settings.hours, now, await this.timezone(accountId));
  }

  /** Open now, and when closed the next opening (weekday and time in the account's zone). */
  async availability(accountId: string, now = new Date()) {
    const settings = await this.get(accountId);
    if (!settings.hoursEnabled) return { open: true, nextOpen: null };
    const zone = await this.timezone(accountId);
    if (isWithinHours(settings.hours, now, zone)) return { open: true, nextOpen: null };
    return { open: false, nextOpen: nextOpening(settings.hours, now, zone) };
  }

  /** The out-of-hours auto message to send now, or null (open, or no message set). */
  async outOfHoursMessage(accountId: string, now = new Date()): Promise<string | null> {
    const settings = await this.get(accountId);
    if (!settings.outOfHoursMessageEnabled || !settings.outOfHoursMessage) return null;
    return (await this.isOpenNow(accountId, now)) ? null : settings.outOfHoursMessage;
  }

  /**
   * Which conversation openings the out-of-hours reply concerns, read in the transaction that
   * opens them: none when the account has no message or no hours (always open), else those opened
   * outside its hours. The reply's job, once written, judges again when it runs.
   */
  outOfHoursRelevance(): TRelevance<'conversation.opened'> {
    return {
      read: outOfHoursReplySql,
      keep: (reply: { hours: TWeekHours | null; zone: string | null } | null) => (event) =>
        reply !== null && isOutOfHours(reply.hours, new Date(event.at), reply.zone),
    };
  }

  /** Spec §3 restrictOperator: an operator, the restriction on, outside business hours. */
  async isRestricted(tenant: Pick<TTenant, 'accountId' | 'role'>, now = new Date()): Promise<boolean> {
    if (hasRole(tenant.role, 'manager')) return false;
    const settings = await this.get(tenant.accountId);
    return settings.restrictOutsideHours && !(await this.isOpenNow(tenant.accountId, now));
  }

  async reasons(accountId: string): Promise<TClosingReason[]> {
    return (await listReasonRows(this.db, accountId)).map(presentReason);
  }

  async createReason(accountId: string, body: TClosingReasonBody, actor?: TActor): Promise<TClosingReason> {
    const row = await this.uniqueReason(() =>
      insertReasonRow(this.db, accountId, body, INBOX_SETTINGS_LIMITS.closingReasonsMax),
    );
    if (row === 'limit') throw new AppError('REASONS_LIMIT_REACHED');
    if (actor)
      await this.activity.record(accountId, actor, {
        action: 'closing_reason.created',
        target: row.name,
        details: { subReasons: row.subReasons },
      });
    return presentReason(row);
  }

  async updateReason(
    accountId: string,
    id: string,
    body: TClosingReasonBody,
    actor?: TActor,
  ): Promise<TClosingReason> {
    const before = actor ? (await listReasonRows(this.db, accountId)).find((r) => r.id === id) : undefined;
    const row = await this.uniqueReason(() => updateReasonRow(this.db, accountId, id, body));
    if (!row) throw new AppError('CLOSING_REASON_NOT_FOUND');
    if (actor && before)
      await this.activity.record(accountId, actor, {
        action: 'closing_reason.updated',
        target: row.name,
        details: {
          changes: changesOf(
            { name: before.name, subReasons: before.subReasons.join(', ') },
            { name: row.name, subReasons: row.subReasons.join(', ') },
            ['name', 'subReasons'],
          ),
        },
      });
    return presentReason(row);
  }

  async removeReason(accountId: string, id: string, actor?: TActor): Promise<void> {
    const before = actor ? (await listReasonRows(this.db, accountId)).find((r) => r.id === id) : undefined;
    if (!(await deleteReasonRow(this.db, accountId, id))) throw new AppError('CLOSING_REASON_NOT_FOUND');
    if (actor && before)
      await this.activity.record(accountId, actor, { action: 'closing_reason.deleted', target: before.name });
  }

  /**
   * The stored spelling of a closing reason and sub-reason chosen when closing; unknown ones are
   * refused (VALIDATION_FAILED on the field); the sub-reason is optional. An account without
   * reasons closes with any name.
   */
  async checkReason(accountId: string, reason: string, subReason?: string) {
    const row = await findReasonByName(this.db, accountId, reason);
    if (!row) {
      if ((await listReasonRows(this.db, accountId)).length === 0 && !subReason)
        return { reason, subReason: null };
      throw AppError.validation([{ path: 'reason', key: 'invalid' }]);
    }
    if (!subReason) return { reason: row.name, subReason: null };
    const sub = row.subReasons.find((s) => s.toLowerCase() === subReason.toLowerCase());
    if (!sub) throw AppError.validation([{ path: 'subReason', key: 'invalid' }]);
    return { reason: row.name, subReason: sub };
  }

  private async uniqueReason<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CLOSING_REASON_EXISTS');
      throw error;
    }
  }
}
