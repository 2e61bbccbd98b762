import {
  QUICK_MESSAGE_LIMITS,
  renderQuickMessage,
  type TQuickMessage,
  type TQuickMessageBody,
  type TQuickMessageVariable,
} from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import { changesOf } from '../activity-log/activity-changes';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import type { TActor } from '../../platform/request-context';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import {
  deleteQuickMessageRow,
  findQuickMessageRow,
  insertQuickMessageRow,
  listQuickMessageRows,
  updateQuickMessageRow,
  type TQuickMessageRow,
} from './quick-messages.repo';

export { renderQuickMessage };

function present(row: TQuickMessageRow): TQuickMessage {
  return {
    _id: row.id,
    shortcut: row.shortcut,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The values of a conversation's variables: contact name, first name, phone, e-mail; the operator's name. */
export function quickMessageContext(input: {
  contactName: string;
  phone: string | null;
  email: string | null;
  operatorName: string;
}): Record<TQuickMessageVariable, string> {
  return {
    name: input.contactName,
    firstName: input.contactName.split(/\s+/)[0] ?? '',
    phone: input.phone ?? '',
    email: input.email ?? '',
    operator: input.operatorName,
  };
}

/** Quick messages: admins manage them, every member reads them; shortcuts are unique per account. */
export class QuickMessagesService {
  constructor(
    private readonly db: TDb,
    private readonly activity: ActivityLogService,
  ) {}

  async list(accountId: string): Promise<TQuickMessage[]> {
    return (await listQuickMessageRows(this.db, accountId)).map(present);
  }

  async get(accountId: string, id: string): Promise<TQuickMessage> {
    const row = await findQuickMessageRow(this.db, accountId, id);
    if (!row) throw new AppError('QUICK_MESSAGE_NOT_FOUND');
    return present(row);
  }

  async create(
    accountId: string,
    userId: string,
    body: TQuickMessageBody,
    actor?: TActor,
  ): Promise<TQuickMessage> {
    const row = await this.unique(() =>
      insertQuickMessageRow(
        this.db,
        accountId,
        { ...body, createdBy: userId || null },
        QUICK_MESSAGE_LIMITS.max,
      ),
    );
    if (row === 'limit') throw new AppError('QUICK_MESSAGES_LIMIT_REACHED');
    if (actor)
      await this.activity.record(accountId, actor, {
        action: 'quick_message.created',
        target: `/${row.shortcut}`,
      });
    return present(row);
  }

  async update(
    accountId: string,
    id: string,
    body: TQuickMessageBody,
    actor?: TActor,
  ): Promise<TQuickMessage> {
    const before = actor ? await findQuickMessageRow(this.db, accountId, id) : undefined;
    const row = await this.unique(() => updateQuickMessageRow(this.db, accountId, id, body));
    if (!row) throw new AppError('QUICK_MESSAGE_NOT_FOUND');
    if (actor && before)
      await this.activity.record(accountId, actor, {
        action: 'quick_message.updated',
        target: `/${row.shortcut}`,
        details: { changes: changesOf(before, row, Object.keys(body)) },
      });
    return present(row);
  }

  async remove(accountId: string, id: string, actor?: TActor): Promise<void> {
    const before = actor ? await findQuickMessageRow(this.db, accountId, id) : undefined;
    if (!(await deleteQuickMessageRow(this.db, accountId, id))) throw new AppError('QUICK_MESSAGE_NOT_FOUND');
    if (actor && before)
      await this.activity.record(accountId, actor, {
        action: 'quick_message.deleted',
        target: `/${before.shortcut}`,
      });
  }

  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('QUICK_MESSAGE_SHORTCUT_IN_USE');
      throw error;
    }
  }
}
