import { sql } from 'drizzle-orm';
import type { TDomainEvent } from '@atende/shared';
import { rowsOf, type TDb } from '../../platform/db/client';
import { newId } from '../../platform/db/columns';
import { withTenant } from '../../platform/db/tenant';
import type { DomainEvents } from '../../platform/events';
import { dayOf } from './local-day';
import type { RollupService } from './rollup.service';

/** The kinds of contact facts the roll-ups count. */
export type TContactEventKind = 'phase' | 'opt_out';

/**
 * Stores one contact fact at its time; an event of a day already built marks that day to build
 * again. (The durable listener below, and imported or demo history through the service.)
 */
export async function storeContactEvent(
  db: TDb,
  rollups: RollupService,
  accountId: string,
  fact: { at: string; kind: TContactEventKind; contactId: string; phaseId: string | null },
) {
  const built = await withTenant(db, accountId, async (tx) => {
    await tx.execute(sql`
      insert into dashboard_contact_events (id, account_id, at, kind, contact_id, phase_id)
      values (${newId()}, ${accountId}, ${fact.at}::timestamptz, ${fact.kind}, ${fact.contactId},
        ${fact.phaseId}::uuid)`);
    const rows = rowsOf<{ built_through: string | null; timezone: string }>(
      await tx.execute(sql`
        select to_char(r.built_through, 'YYYY-MM-DD') as built_through, a.timezone
        from accounts a left join dashboard_rollups r on r.account_id = a.id where a.id = ${accountId}`),
    );
    return rows[0];
  });
  const day = built ? dayOf(new Date(fact.at), built.timezone) : null;
  if (day && built?.built_through && day <= built.built_through) await rollups.invalidate(accountId, [day]);
}

/**
 * Records the contact facts the roll-ups count and no table dates (entries into a phase,
 * opt-outs) from their domain events, at the event's time. An event handled after its day was
 * already built (a retried job across midnight) marks that day to build again.
 */
export function recordContactEvents(db: TDb, bus: DomainEvents, rollups: RollupService) {
  const record = (
    event: TDomainEvent<'contact.phase_changed' | 'contact.updated'>,
    kind: TContactEventKind,
    phaseId: string | null,
  ) =>
    storeContactEvent(db, rollups, event.accountId, {
      at: event.at,
      kind,
      contactId: event.data.contactId,
      phaseId,
    });

  bus.durable(
    'dashboards.contact-events',
    ['contact.phase_changed', 'contact.updated'],
    async (event) => {
      if (event.name === 'contact.phase_changed') {
        const data = event.data as { to: string | null };
        if (data.to) await record(event, 'phase', data.to);
        return;
      }
      // contact.updated names the fields only: an opt-out counts when the contact is opted out now.
      const rows = await withTenant(db, event.accountId, async (tx) =>
        rowsOf<{ opt_out: boolean }>(
          await tx.execute(sql`select opt_out from contacts where id = ${event.data.contactId}`),
        ),
      );
      if (rows[0]?.opt_out) await record(event, 'opt_out', null);
    },
    {
      when: (event) =>
        event.name === 'contact.phase_changed' ||
        (event.data as { fields: string[] }).fields.includes('optOut'),
    },
  );
}
