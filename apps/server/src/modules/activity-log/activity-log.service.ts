import type { TDb } from '../../platform/db/client';
import type { TActor } from '../../platform/request-context';
import { insertActivity, listActivity, type TActivityRow } from './activity-log.repo';

/** What is audited: sign-ins, invitations, role changes, account and plan changes. */
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
  | 'conversation.closed';

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
