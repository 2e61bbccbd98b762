import {
  AUTO_MESSAGE_KINDS,
  type TAutoMessage,
  type TAutoMessageBody,
  type TAutoMessageKind,
  type TAutomation,
  type TAutomationData,
  type TAutomationDryRun,
  type TAutomationListItem,
  type TAutomationRun,
  ZAutoMessageBody,
} from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import { checkOutboundUrl } from '../../platform/outbound-url';
import type { AutomationEngine } from './automation-engine';
import { isValidCron } from './automation-listeners';
import {
  deleteRuleRow,
  findRuleRow,
  insertRuleRow,
  listRuleRows,
  listLogRows,
  listSystemRuleRows,
  reorderRuleRows,
  ruleStats,
  type TAutomationRow,
  type TAutomationRunRow,
  updateRuleRow,
  upsertSystemRuleRow,
} from './automations.repo';

function present(row: TAutomationRow): TAutomation {
  return {
    _id: row.id,
    name: row.name,
    trigger: row.trigger,
    conditions: row.conditions,
    actions: row.actions,
    active: row.active,
    maxPerHour: row.maxPerHour,
    position: row.position,
    disabledReason: row.disabledReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function presentRun(row: TAutomationRunRow): TAutomationRun {
  return {
    _id: row.id,
    status: row.status as TAutomationRun['status'],
    reason: row.reason,
    conversationId: row.conversationId,
    contactId: row.contactId,
    trigger: row.trigger,
    results: row.results,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The automatic messages as rules: their trigger, and the minutes of the queue message. */
const AUTO_MESSAGE_TRIGGERS: Record<TAutoMessageKind, string> = {
  greeting: 'conversation.opened',
  queue: 'waiting_in_queue',
  transfer: 'conversation.transferred',
  close: 'conversation.closed',
  inactivity: 'conversation.closed',
};

/**
 * Automation rules (list, create under the account's `automationLimit`, edit, order, on/off,
 * delete), their run log and dry run; and the automatic messages, kept as rules of the same engine.
 */
export class AutomationsService {
  constructor(
    private readonly db: TDb,
    private readonly engine: AutomationEngine,
  ) {}

  async list(accountId: string): Promise<{ items: TAutomationListItem[]; limit: number; enabled: boolean }> {
    const account = await this.engine.account(accountId);
    const [rows, stats] = await Promise.all([
      listRuleRows(this.db, accountId),
      ruleStats(this.db, accountId),
    ]);
    const items = rows.map((row) => {
      const s = stats.get(row.id);
      return {
        ...present(row),
        lastFiredAt: s?.lastFiredAt?.toISOString() ?? null,
        fires7d: s?.fires7d ?? 0,
        errors7d: s?.errors7d ?? 0,
      };
    });
    return { items, limit: account?.limit ?? 0, enabled: account?.enabled ?? false };
  }

  async get(accountId: string, id: string): Promise<TAutomation> {
    return present(await this.row(accountId, id));
  }

  async create(accountId: string, userId: string | null, body: TAutomationData): Promise<TAutomation> {
    this.check(body);
    await this.checkWebhooks(body);
    await this.checkReferences(accountId, body);
    const account = await this.engine.account(accountId);
    const row = await insertRuleRow(
      this.db,
      accountId,
      { ...this.values(body), createdBy: userId || null },
      account?.limit ?? 0,
    );
    if (row === 'limit') throw new AppError('AUTOMATION_LIMIT_REACHED');
    await this.engine.rulesChanged(accountId);
    return present(row);
  }

  async update(accountId: string, id: string, body: TAutomationData): Promise<TAutomation> {
    this.check(body);
    await this.checkWebhooks(body);
    await this.checkReferences(accountId, body);
    await this.row(accountId, id);
    const row = await updateRuleRow(this.db, accountId, id, { ...this.values(body), disabledReason: null });
    if (!row) throw new AppError('AUTOMATION_NOT_FOUND');
    await this.engine.rulesChanged(accountId);
    return present(row);
  }

  async setActive(accountId: string, id: string, active: boolean): Promise<TAutomation> {
    await this.row(accountId, id);
    const row = await updateRuleRow(this.db, accountId, id, { active, disabledReason: null });
    await this.engine.rulesChanged(accountId);
    return present(row!);
  }

  async remove(accountId: string, id: string): Promise<void> {
    if (!(await deleteRuleRow(this.db, accountId, id))) throw new AppError('AUTOMATION_NOT_FOUND');
    await this.engine.rulesChanged(accountId);
  }

  async reorder(accountId: string, ids: string[]) {
    await reorderRuleRows(this.db, accountId, ids);
    await this.engine.rulesChanged(accountId);
    return (await this.list(accountId)).items;
  }

  async runs(accountId: string, id: string): Promise<TAutomationRun[]> {
    const rule = await this.row(accountId, id);
    return (await listLogRows(this.db, accountId, rule, 100)).map(presentRun);
  }

  async dryRun(accountId: string, id: string, conversationId: string): Promise<TAutomationDryRun> {
    const rule = await this.row(accountId, id);
    return this.engine.dryRun(rule, accountId, conversationId);
  }

  async autoMessages(accountId: string): Promise<TAutoMessage[]> {
    const rows = await listSystemRuleRows(this.db, accountId);
    return AUTO_MESSAGE_KINDS.map((kind) => {
      const row = rows.find((r) => r.systemKind === kind);
      const send = row?.actions.find((a) => a.type === 'send_message');
      return {
        kind,
        active: row?.active ?? false,
        text: send && 'text' in send ? send.text : '',
        minutes: kind === 'queue' ? (row && 'minutes' in row.trigger ? row.trigger.minutes : 5) : null,
      };
    });
  }

  async setAutoMessage(
    accountId: string,
    kind: TAutoMessageKind,
    raw: TAutoMessageBody,
  ): Promise<TAutoMessage> {
    const body = ZAutoMessageBody.parse(raw);
    if (kind === 'queue' && !body.minutes) throw AppError.validation([{ path: 'minutes', key: 'required' }]);
    const type = AUTO_MESSAGE_TRIGGERS[kind];
    const trigger =
      kind === 'queue'
        ? { type: 'waiting_in_queue' as const, minutes: body.minutes ?? 5 }
        : { type: type as 'conversation.opened' };
    const conditions =
      kind === 'greeting'
        ? {
            match: 'all' as const,
            groups: [
              {
                match: 'all' as const,
                conditions: [{ field: 'origin' as const, op: 'in' as const, values: ['inbound'] }],
              },
            ],
          }
        : { match: 'all' as const, groups: [] };
    await upsertSystemRuleRow(this.db, accountId, kind, {
      name: `auto:${kind}`,
      triggerType: trigger.type,
      trigger,
      conditions,
      actions: body.text ? [{ type: 'send_message', text: body.text }] : [],
      active: body.active && !!body.text,
      maxPerHour: 5,
    });
    await this.engine.rulesChanged(accountId);
    return (await this.autoMessages(accountId)).find((m) => m.kind === kind)!;
  }

  private values(body: TAutomationData) {
    return {
      name: body.name,
      triggerType: body.trigger.type,
      trigger: body.trigger,
      conditions: body.conditions,
      actions: body.actions,
      active: body.active,
      maxPerHour: body.maxPerHour,
    };
  }

  /** Webhook actions must reach a public http(s) address (checked again when they are sent). */
  private async checkWebhooks(body: TAutomationData) {
    for (const [i, action] of body.actions.entries()) {
      if (action.type !== 'webhook') continue;
      try {
        await checkOutboundUrl(action.url, this.engine.outbound);
      } catch {
        throw new AppError('URL_NOT_ALLOWED', { path: `actions.${i}.url` });
      }
    }
  }

  /**
   * Departments, tags, templates and bots must be the account's own (another account's id: not
   * found), and an assign action's operator one of its members (else every run failed on it).
   */
  private async checkReferences(accountId: string, body: TAutomationData) {
    const missing = await this.engine.missingReference(accountId, body);
    if (missing) throw AppError.validation([{ path: missing.path, key: 'invalid' }]);
    for (const [i, action] of body.actions.entries())
      if (
        action.type === 'assign' &&
        action.operatorId &&
        !(await this.engine.isMember(accountId, action.operatorId))
      )
        throw AppError.validation([{ path: `actions.${i}.operatorId`, key: 'invalid' }]);
  }

  private check(body: TAutomationData) {
    if (body.trigger.type === 'schedule' && !isValidCron(body.trigger.cron))
      throw AppError.validation([{ path: 'trigger.cron', key: 'invalid' }]);
  }

  private async row(accountId: string, id: string): Promise<TAutomationRow> {
    const row = await findRuleRow(this.db, accountId, id);
    if (!row || row.systemKind) throw new AppError('AUTOMATION_NOT_FOUND');
    return row;
  }
}
