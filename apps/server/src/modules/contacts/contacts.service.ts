import {
  CONTACT_LIMITS,
  type TContact,
  type TContactFilter,
  type TContactList,
  type TContactListQuery,
  type TContactPatch,
} from '@atende/shared';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZBulkPhaseBody, ZBulkTagsBody, ZContactData, ZMergeContactsBody } from '@atende/shared';
import { testMark } from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import type { DomainEvents } from '../../platform/events';
import { newId } from '../../platform/db/columns';
import { AppError } from '../../platform/errors';
import { foldSearchText } from '../../platform/db/fold-text';
import type { TActor } from '../../platform/request-context';
import type { TTenant } from '../../platform/tenancy';
import type { ActivityLogService } from '../activity-log/activity-log.service';
import { isAsciiText, searchTermOf } from '../../platform/search-term';
import { accountScopedClauses, contactWhere } from './contact-filters';
import { planMerge } from './contact-merge';
import { mergeContactRows } from './contact-merge.repo';
import { findPhase } from './contact-phases.repo';
import { countKnownTags } from './contact-tags.repo';
import {
  bulkRetagContacts,
  bulkSetPhase,
  findContact,
  findContactPage,
  findDuplicates,
  insertContact,
  restoreContact,
  setContactCreatedAt,
  softDeleteContact,
  updateContactRow,
  type TContactRowPatch,
} from './contacts.repo';
import { presentContact } from './contacts.presenter';

type TContactData = z.output<typeof ZContactData>;

/** Row fields from the API's `data` (spec names → columns); absent fields stay as they are. */
function rowPatchOf(data: TContactPatch): TContactRowPatch {
  const patch: TContactRowPatch = {};
  if (data.name !== undefined) patch.name = data.name;
  if (data.email !== undefined) patch.email = data.email;
  if (data.phone !== undefined) patch.phone = data.phone;
  if (data.profilePic !== undefined) patch.profilePic = data.profilePic || null;
  if (data.type !== undefined) patch.type = data.type;
  if (data.phase !== undefined) patch.phaseId = data.phase ?? null;
  if (data.inbox !== undefined) patch.inbox = data.inbox ?? null;
  if (data.chat !== undefined) patch.chat = data.chat ?? null;
  if (data.status !== undefined) patch.status = data.status;
  if (data.tags !== undefined) patch.tags = [...new Set(data.tags)];
  if (data.customFields !== undefined) patch.customFields = data.customFields;
  if (data.blocked !== undefined) patch.blocked = data.blocked;
  if (data.optOut !== undefined) patch.optOut = data.optOut;
  return patch;
}

/**
 * The identity rule (README "Contacts"): a phone, stored normalised (E.164), belongs to at most one
 * live contact of an account. Breaking it answers CONTACT_PHONE_EXISTS naming that contact.
 */
function phoneExists(owner: { id: string; name: string }) {
  return new AppError(
    'CONTACT_PHONE_EXISTS',
    { contactId: owner.id, name: owner.name },
    { name: owner.name },
  );
}

/** Contacts: list and search, edit (phase changes audited), soft delete and restore, merge, bulk. */
export class ContactsService {
  constructor(
    private readonly db: TDb,
    private readonly activity: ActivityLogService,
    private readonly bus: DomainEvents,
  ) {}

  /** The folded search fragment: phone digits, or text folded exactly like the stored search key. */
  private async searchOf(filter: TContactFilter): Promise<string | null> {
    const term = searchTermOf(filter.search);
    if (!term) return null;
    if (term.kind === 'digits') return term.value;
    return isAsciiText(term.value) ? term.value.toLowerCase() : foldSearchText(this.db, term.value);
  }

  /** The list's WHERE for this account (also the export's). */
  async whereOf(tenant: TTenant, filter: TContactFilter): Promise<SQL> {
    const search = await this.searchOf(filter);
    return contactWhere({ accountId: tenant.accountId, filter, timezone: tenant.account.timezone, search });
  }

  async list(tenant: TTenant, query: TContactListQuery): Promise<TContactList> {
    const input = {
      accountId: tenant.accountId,
      filter: query as TContactFilter,
      timezone: tenant.account.timezone,
      search: await this.searchOf(query),
    };
    const where = contactWhere(input);
    const estimate = {
      where: contactWhere({ ...input, estimate: true }),
      accountId: tenant.accountId,
      scoped: accountScopedClauses(query),
    };
    const offset = (query.page - 1) * query.limit;
    const { rows, total } = await findContactPage(
      this.db,
      tenant.accountId,
      where,
      query.limit,
      offset,
      estimate,
    );
    const items = rows.map(presentContact);
    if (total > CONTACT_LIMITS.countCap)
      return { items, count: CONTACT_LIMITS.countCap, countIsEstimate: true };
    return { items, count: total };
  }

  /** Dates the contact back to when it was first known (imported or demo history); no event. */
  async backdate(accountId: string, id: string, at: Date): Promise<void> {
    await setContactCreatedAt(this.db, accountId, id, at);
  }

  async get(accountId: string, id: string, includeDeleted = false): Promise<TContact> {
    const row = await findContact(this.db, accountId, id, includeDeleted);
    if (!row) throw new AppError('CONTACT_NOT_FOUND');
    return presentContact(row);
  }

  async create(accountId: string, data: TContactData): Promise<TContact> {
    await this.checkReferences(accountId, data);
    const patch = rowPatchOf(data);
    const { row, conflict } = await insertContact(
      this.db,
      accountId,
      { ...patch, id: newId(), name: data.name, source: 'manual' },
      (tx, created) =>
        this.bus.emit(tx, accountId, 'contact.created', { contactId: created.id, source: 'manual' }),
    );
    if (conflict) throw phoneExists(conflict);
    return presentContact(row);
  }

  /** PUT /p/chat/contact/{id}: a phase change is written to the activity log. */
  async update(accountId: string, id: string, data: TContactPatch, actor: TActor): Promise<TContact> {
    await this.checkReferences(accountId, data);
    const patch = rowPatchOf(data);
    const result = await updateContactRow(
      this.db,
      accountId,
      id,
      patch,
      async (tx, { before, after, changed }) => {
        // Webhooks and roll-ups hear the fields that changed (none: no event). A chatbot's live
        // test's visitor (a bot's block changed them) is not a customer: see isTestEvent.
        const test = testMark(after.test);
        if (changed.length > 0)
          await this.bus.emit(tx, accountId, 'contact.updated', { contactId: id, fields: changed, ...test });
        if (before.phaseId !== after.phaseId)
          await this.bus.emit(tx, accountId, 'contact.phase_changed', {
            contactId: id,
            from: before.phaseId,
            to: after.phaseId,
            ...test,
          });
        const added = after.tags.filter((t) => !before.tags.includes(t));
        if (added.length > 0)
          await this.bus.emit(tx, accountId, 'contact.tag_added', { contactId: id, tagIds: added, ...test });
      },
    );
    if (!result) throw new AppError('CONTACT_NOT_FOUND');
    if (result.conflict) throw phoneExists(result.conflict);
    const { before, after } = result;
    if (before.phaseId !== after.phaseId) {
      await this.activity.record(accountId, actor, {
        action: 'contact.phase_changed',
        target: after.name,
        details: { contactId: after.id, from: before.phaseId, to: after.phaseId },
      });
    }
    return presentContact(after);
  }

  async remove(accountId: string, id: string, actor?: TActor): Promise<TContact> {
    const row = await softDeleteContact(this.db, accountId, id);
    if (!row) throw new AppError('CONTACT_NOT_FOUND');
    if (actor)
      await this.activity.record(accountId, actor, {
        action: 'contact.deleted',
        target: row.name || row.phone || '',
      });
    return presentContact(row);
  }

  async restore(accountId: string, id: string, actor?: TActor): Promise<TContact> {
    const { row, conflict } = await restoreContact(this.db, accountId, id);
    if (conflict) throw phoneExists(conflict);
    if (!row) throw new AppError('CONTACT_NOT_FOUND');
    if (actor)
      await this.activity.record(accountId, actor, {
        action: 'contact.restored',
        target: row.name || row.phone || '',
      });
    return presentContact(row);
  }

  async duplicates(accountId: string, id: string): Promise<TContact[]> {
    const row = await findContact(this.db, accountId, id);
    if (!row) throw new AppError('CONTACT_NOT_FOUND');
    return (await findDuplicates(this.db, accountId, row)).map(presentContact);
  }

  /** Folds duplicates (same phone or e-mail) into the target, which keeps every conversation. */
  async merge(
    accountId: string,
    body: z.output<typeof ZMergeContactsBody>,
    actor?: TActor,
  ): Promise<TContact> {
    const sourceIds = [...new Set(body.sourceIds)].filter((id) => id !== body.targetId);
    if (sourceIds.length === 0) throw new AppError('CONTACT_MERGE_INVALID');
    // The names of the folded contacts, for the activity log (they are gone afterwards).
    const merged = actor
      ? (await Promise.all(sourceIds.map((id) => findContact(this.db, accountId, id))))
          .filter((c) => c !== undefined)
          .map((c) => c.name || c.phone || '')
      : [];
    const outcome = await mergeContactRows(this.db, accountId, body.targetId, sourceIds, planMerge);
    if (!outcome.ok)
      throw new AppError(outcome.reason === 'not_found' ? 'CONTACT_NOT_FOUND' : 'CONTACT_MERGE_INVALID');
    if (actor)
      await this.activity.record(accountId, actor, {
        action: 'contacts.merged',
        target: outcome.after.name || outcome.after.phone || '',
        details: { merged },
      });
    return presentContact(outcome.after);
  }

  /** `cause` (`automation:<rule id>`) rides on contact.tag_added so a rule does not react to its own tag. */
  async bulkTags(accountId: string, body: z.output<typeof ZBulkTagsBody>, cause?: string) {
    await this.checkTags(accountId, [...body.add, ...body.remove], 'add');
    const updated = await bulkRetagContacts(
      this.db,
      accountId,
      [...new Set(body.ids)],
      body.add,
      body.remove,
      async (tx, retagged) => {
        // Each contact whose tags changed is heard as an edit of its tags would be (webhooks: a
        // removal too); the tags newly on it as tag_added (automations).
        for (const t of retagged) {
          const test = testMark(t.test);
          await this.bus.emit(tx, accountId, 'contact.updated', {
            contactId: t.id,
            fields: ['tags'],
            ...test,
          });
          if (t.added.length > 0)
            await this.bus.emit(tx, accountId, 'contact.tag_added', {
              contactId: t.id,
              tagIds: t.added,
              ...(cause ? { cause } : {}),
              ...test,
            });
        }
      },
    );
    return { updated };
  }

  /** Bulk phase change: one activity entry for the whole change (ids in its details). */
  async bulkPhase(accountId: string, body: z.output<typeof ZBulkPhaseBody>, actor: TActor) {
    if (body.phase && !(await findPhase(this.db, accountId, body.phase)))
      throw AppError.validation([{ path: 'phase', key: 'invalid' }]);
    const changed = await bulkSetPhase(
      this.db,
      accountId,
      [...new Set(body.ids)],
      body.phase,
      async (tx, moved) => {
        // As an edit of the phase would be: contact.updated naming phaseId, then phase_changed.
        for (const m of moved) {
          const test = testMark(m.test);
          await this.bus.emit(tx, accountId, 'contact.updated', {
            contactId: m.id,
            fields: ['phaseId'],
            ...test,
          });
          await this.bus.emit(tx, accountId, 'contact.phase_changed', {
            contactId: m.id,
            from: m.from,
            to: body.phase ?? null,
            ...test,
          });
        }
      },
    );
    if (changed.length > 0) {
      await this.activity.record(accountId, actor, {
        action: 'contact.phase_changed',
        target: String(changed.length),
        details: { contactIds: changed, to: body.phase, bulk: true },
      });
    }
    return { updated: changed.length };
  }

  /** The phase and tags a contact points to must be the account's own. */
  private async checkReferences(accountId: string, data: TContactPatch) {
    if (data.phase && !(await findPhase(this.db, accountId, data.phase)))
      throw AppError.validation([{ path: 'data.phase', key: 'invalid' }]);
    if (data.tags?.length) await this.checkTags(accountId, data.tags, 'data.tags');
  }

  private async checkTags(accountId: string, ids: string[], path: string) {
    const unique = [...new Set(ids)];
    if (unique.length && (await countKnownTags(this.db, accountId, unique)) !== unique.length)
      throw AppError.validation([{ path, key: 'invalid' }]);
  }
}
