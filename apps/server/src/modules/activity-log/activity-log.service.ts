import type { TDb } from '../../platform/db/client';
import type { TActor } from '../../platform/request-context';
import { insertActivity, listActivity, type TActivityRow } from './activity-log.repo';

/**
 * What is audited: sign-ins, invitations, role changes, account and plan changes, and changes to
 * the account's configuration and data (channels, settings, closing reasons, contacts deleted,
 * merged or imported, templates, quick messages) with what changed.
 */
export type TActivityAction =
  | 'auth.login'
  | 'user.invited'
  | 'user.joined'
  | 'member.role_changed'
  | 'member.removed'
  | 'invitation.revoked'
  | 'account.created'
  | 'account.updated'
  | 'plan.changed'
  | 'plan.checkout_started'
  | 'contact.phase_changed'
  | 'conversation.taken'
  | 'conversation.transferred'
  | 'conversation.closed'
  | 'conversation.held'
  // Configuration and data changes (issue 12, item 14).
  | 'channel.created'
  | 'channel.updated'
  | 'channel.deleted'
  | 'settings.updated'
  | 'closing_reason.created'
  | 'closing_reason.updated'
  | 'closing_reason.deleted'
  | 'contact.deleted'
  | 'contact.restored'
  | 'contacts.merged'
  | 'contacts.import_started'
  | 'template.created'
  | 'template.updated'
  | 'template.deleted'
  | 'template.submitted'
  | 'quick_message.created'
  | 'quick_message.updated'
  | 'quick_message.deleted'
  // Departments, key entities and restrictions (issue 13).
  | 'department.created'
  | 'department.updated'
  | 'department.deleted'
  | 'entity.created'
  | 'entity.updated'
  | 'entity.deleted'
  | 'member.departments_changed'
  // Service-operator controls (issue 13): fields set through the ops CLI or the operator API.
  | 'account.operator_changed'
  | 'account.restrictions_changed'
  // Settings → AI (issue 15).
  | 'ai.settings_updated'
  // Campaigns → Settings (issue 16): the opt-out words.
  | 'campaigns.settings_updated';

export interface TActivityEntry {
  action: TActivityAction;
  target?: string;
  details?: Record<string, unknown>;
}

function present(row: TActivityRow) {
  return {
    _id: row.id,
    acc: row.accountId,
    userId: row.userId,
    userName: row.userName,
    action: row.action,
    target: row.target,
    details: row.details,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  };
}

export class ActivityLogService {
  constructor(private readonly db: TDb) {}

  async record(
    accountId: string,
    actor: TActor & { userName?: string },
    entry: TActivityEntry,
  ): Promise<void> {
    await insertActivity(this.db, {
      accountId,
      userId: actor.userId || null,
      userName: actor.userName ?? '',
      action: entry.action,
      target: entry.target ?? '',
      details: entry.details ?? {},
      ip: actor.ip,
    });
  }

  async list(accountId: string, page: number, limit: number) {
    const { items, count } = await listActivity(this.db, accountId, limit, (page - 1) * limit);
    return { items: items.map(present), count };
  }
}
