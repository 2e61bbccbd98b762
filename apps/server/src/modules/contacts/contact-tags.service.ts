import { CONTACT_LIMITS, type TContactTag } from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import type { DomainEvents } from '../../platform/events';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import { deleteTag, insertTag, listTags, updateTag } from './contact-tags.repo';
import { presentTag } from './contacts.presenter';

/**
 * Tags per account: names unique per account (case-insensitive); deleting one untags its contacts
 * and emits `tag.deleted` in the deleting transaction.
 */
export class ContactTagsService {
  constructor(
    private readonly db: TDb,
    private readonly bus: DomainEvents,
  ) {}

  async list(accountId: string): Promise<TContactTag[]> {
    return (await listTags(this.db, accountId)).map(presentTag);
  }

  async create(accountId: string, body: { name: string; color: string }): Promise<TContactTag> {
    const row = await this.unique(() => insertTag(this.db, accountId, body, CONTACT_LIMITS.tagsMax));
    if (row === 'limit') throw new AppError('TAG_LIMIT_REACHED');
    return presentTag(row);
  }

  async update(
    accountId: string,
    id: string,
    patch: { name?: string; color?: string },
  ): Promise<TContactTag> {
    const row = await this.unique(() => updateTag(this.db, accountId, id, patch));
    if (!row) throw new AppError('TAG_NOT_FOUND');
    return presentTag(row);
  }

  async remove(accountId: string, id: string): Promise<void> {
    const deleted = await deleteTag(this.db, accountId, id, (tx) =>
      this.bus.emit(tx, accountId, 'tag.deleted', { tagId: id }),
    );
    if (!deleted) throw new AppError('TAG_NOT_FOUND');
  }

  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('TAG_EXISTS');
      throw error;
    }
  }
}
