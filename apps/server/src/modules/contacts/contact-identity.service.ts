import { type TContactType, testMark } from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import type { TTx } from '../../platform/db/tenant';
import { withTenant } from '../../platform/db/tenant';
import type { DomainEvents } from '../../platform/events';
import {
  createMissingContacts,
  findOrCreateContactsByPhone,
  findVisitorContact,
  findVisitorRow,
  insertVisitorContact,
  livePhones,
  lockPhones,
  type TContactRow,
  type TWantedPhones,
  updateVisitorContact,
  visitorContactState,
} from './contact-identity.repo';

export type { TContactRow };

/**
 * Who a customer is: the contacts that channels create. The identity rule is the phone (E.164,
 * one live contact per phone and account: the oldest wins), enforced by one lock for every writer
 * (contact-identity.repo.ts); web chat visitors are contacts of their channel. Each created contact
 * is a contact.created event of the caller's transaction.
 */
export class ContactIdentityService {
  constructor(
    private readonly db: TDb,
    private readonly bus: DomainEvents,
  ) {}

  /** The live contact of each phone, created when missing (in the caller's transaction). */
  findOrCreateByPhone(tx: TTx, accountId: string, wanted: TWantedPhones, type: TContactType) {
    return this.creating(tx, accountId, (created) =>
      findOrCreateContactsByPhone(tx, accountId, wanted, type, created),
    );
  }

  /** Creates the contacts of phones the caller found none for (it read them in `tx` already). */
  createMissingByPhone(tx: TTx, accountId: string, wanted: TWantedPhones, type: TContactType) {
    return this.creating(tx, accountId, (created) =>
      createMissingContacts(tx, accountId, wanted, type, created),
    );
  }

  /**
   * A web chat visitor of `channelId` becomes a contact (when they first write or fill the
   * pre-chat form), with the id their token was signed with; undefined when that id is taken.
   */
  createVisitor(
    accountId: string,
    /** test: the visitor of a chatbot's live test (contacts.test). */
    values: { id: string; channelId: string; name: string; email: string | null; test?: boolean },
  ) {
    return withTenant(this.db, accountId, async (tx) => {
      const row = await insertVisitorContact(tx, accountId, values);
      if (row) await this.announce(tx, accountId, [row]);
      return row;
    });
  }

  /** Whether a visitor's contact id is a live contact, a deleted one, or none yet. */
  visitorState(accountId: string, contactId: string) {
    return visitorContactState(this.db, accountId, contactId);
  }

  findVisitor(accountId: string, contactId: string) {
    return findVisitorContact(this.db, accountId, contactId);
  }

  /**
   * The pre-chat form's name, e-mail and phone on a visitor. The identity rule holds: a phone that
   * another live contact has is not copied onto the visitor.
   */
  updateVisitor(
    accountId: string,
    contactId: string,
    values: { name?: string; email?: string | null; phone?: string | null },
  ) {
    return withTenant(this.db, accountId, async (tx) => {
      const { phone, ...rest } = values;
      const patch: typeof values = rest;
      if (phone) {
        await lockPhones(tx, accountId, [phone]);
        const owner = (await livePhones(tx, accountId, [phone])).get(phone);
        if (!owner || owner.id === contactId) patch.phone = phone;
      }
      // Only a phone another contact has (not copied): nothing changes, nothing to announce.
      if (Object.keys(patch).length === 0) return findVisitorRow(tx, accountId, contactId);
      const row = await updateVisitorContact(tx, accountId, contactId, patch);
      if (row)
        await this.bus.emit(tx, accountId, 'contact.updated', {
          contactId,
          fields: Object.keys(patch),
          ...testMark(row.test),
        });
      return row;
    });
  }

  private async creating(
    tx: TTx,
    accountId: string,
    write: (created: TContactRow[]) => Promise<Map<string, TContactRow>>,
  ): Promise<Map<string, TContactRow>> {
    const created: TContactRow[] = [];
    const found = await write(created);
    await this.announce(tx, accountId, created);
    return found;
  }

  private async announce(tx: TTx, accountId: string, rows: TContactRow[]) {
    for (const row of rows)
      await this.bus.emit(tx, accountId, 'contact.created', {
        contactId: row.id,
        source: row.source ?? 'channel',
        ...testMark(row.test),
      });
  }
}
