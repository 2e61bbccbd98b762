import {
  keyEntityValueValid,
  KEY_ENTITY_LIMITS,
  type TKeyEntity,
  type TKeyEntityBody,
  type TKeyEntityType,
  ZKeyEntityBody,
} from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import { AppError } from '../../platform/errors';
import type { TActor } from '../../platform/request-context';
import type { TTenant } from '../../platform/tenancy';
import { hasRole } from '@atende/shared';
import type { AccountsService } from '../accounts/accounts.service';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import {
  deleteKeyEntityRow,
  existingKeyEntityIds,
  insertKeyEntityRow,
  listKeyEntityRows,
  updateKeyEntityRow,
  type TKeyEntityRow,
} from './key-entities.repo';

function present(row: TKeyEntityRow): TKeyEntity {
  return {
    _id: row.id,
    name: row.name,
    alias: row.alias,
    type: row.type as TKeyEntityType,
    validation: row.validation,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Key entities (spec §3 entities, key entities with `$`): the account's list of data the bot
 * captures; the contacts' custom fields use them as definitions (the alias is the field's key).
 * Admins manage; a member sees those in their `entities` (empty: all; managers and up: all).
 */
export class KeyEntitiesService {
  constructor(
    private readonly db: TDb,
    private readonly accounts: AccountsService,
    private readonly activity: ActivityLogService,
  ) {}

  async list(accountId: string): Promise<TKeyEntity[]> {
    return (await listKeyEntityRows(this.db, accountId)).map(present);
  }

  /** The entities this member may see (the contact panel). */
  async visibleTo(tenant: Pick<TTenant, 'accountId' | 'role' | 'entities'>): Promise<TKeyEntity[]> {
    const all = await this.list(tenant.accountId);
    if (hasRole(tenant.role, 'manager') || tenant.entities.length === 0) return all;
    const allowed = new Set(tenant.entities);
    return all.filter((e) => allowed.has(e._id));
  }

  async assertKnown(accountId: string, ids: string[] | undefined): Promise<void> {
    if (!ids?.length) return;
    const unique = [...new Set(ids)];
    if ((await existingKeyEntityIds(this.db, accountId, unique)).length !== unique.length)
      throw new AppError('KEY_ENTITY_UNKNOWN');
  }

  /**
   * Issue 13: a contact's custom-field values whose key is an entity's alias (without `$`) must fit
   * that entity's type and validation; only values that changed from `previous` are checked, so an
   * older value never blocks saving something else. VALIDATION_FAILED names each field.
   */
  async assertValues(
    accountId: string,
    values: Record<string, unknown> | undefined,
    previous: Record<string, unknown> = {},
  ): Promise<void> {
    const changed = Object.entries(values ?? {}).filter(
      ([key, value]) => value !== null && value !== '' && previous[key] !== value,
    );
    if (changed.length === 0) return;
    const byKey = new Map((await this.list(accountId)).map((e) => [e.alias.replace(/^\$/, ''), e]));
    const fields: Array<{ path: string; key: 'email' | 'phone' | 'invalid' }> = [];
    for (const [key, value] of changed) {
      const entity = byKey.get(key);
      if (!entity || keyEntityValueValid(entity, String(value))) continue;
      const reason = entity.type === 'email' || entity.type === 'phone' ? entity.type : 'invalid';
      fields.push({ path: `data.customFields.${key}`, key: reason });
    }
    if (fields.length) throw AppError.validation(fields);
  }

  async create(accountId: string, input: TKeyEntityBody, actor: TActor): Promise<TKeyEntity> {
    const body = ZKeyEntityBody.parse(input);
    const row = await insertKeyEntityRow(this.db, accountId, body, KEY_ENTITY_LIMITS.max);
    if (row === 'limit') throw new AppError('KEY_ENTITIES_LIMIT_REACHED');
    const entity = this.written(row, body.name);
    await this.activity.record(accountId, actor, { action: 'entity.created', target: entity.name });
    return entity;
  }

  async update(accountId: string, id: string, input: TKeyEntityBody, actor: TActor): Promise<TKeyEntity> {
    const body = ZKeyEntityBody.parse(input);
    const row = await updateKeyEntityRow(this.db, accountId, id, body);
    if (!row) throw new AppError('KEY_ENTITY_NOT_FOUND');
    const entity = this.written(row, body.name);
    await this.activity.record(accountId, actor, { action: 'entity.updated', target: entity.name });
    return entity;
  }

  async remove(accountId: string, id: string, actor: TActor): Promise<void> {
    const row = await deleteKeyEntityRow(this.db, accountId, id);
    if (!row) throw new AppError('KEY_ENTITY_NOT_FOUND');
    await this.accounts.forgetEntity(accountId, id);
    await this.activity.record(accountId, actor, { action: 'entity.deleted', target: row.name });
  }

  /** ENTITY_EXISTS for a name in use; ALIAS_IN_USE (spec §5, with the field's name) for an alias. */
  private written(row: TKeyEntityRow | 'name' | 'alias', name: string): TKeyEntity {
    if (row === 'name') throw new AppError('ENTITY_EXISTS');
    if (row === 'alias') throw new AppError('ALIAS_IN_USE', { field: name }, { field: name });
    return present(row);
  }
}
