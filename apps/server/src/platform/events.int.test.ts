import type { TDomainEvent } from '@atende/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { until } from '../testing/helpers';
import { openTestDatabase, testEngine, type TTestDatabase } from '../testing/test-db';
import { rowsOf } from './db/client';
import { newId } from './db/columns';
import { withTenant } from './db/tenant';
import { DomainEvents } from './events';
import { Jobs } from './jobs';

const silent = {
  level: 'silent',
  warn() {},
  error() {},
  info() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silent;
  },
} as unknown as FastifyBaseLogger;

const ACCOUNT = '0190a000-0000-7000-8000-000000000001';

let db: TTestDatabase;
let jobs: Jobs;
let bus: DomainEvents;
const heard: TDomainEvent<'contact.created'>[] = [];
const applied: string[] = [];
let attempts = 0;
const onceApplied: string[] = [];
const receiptRuns: string[] = [];
const packRuns: string[] = [];

beforeAll(async () => {
  db = await openTestDatabase(testEngine(), inject('dbTemplate'));
  await db.database.db.execute(sql`create sequence test_relevance_reads`);
  await db.database.db.execute(sql`grant usage on sequence test_relevance_reads to atende_tenant`);
  await db.database.db.execute(sql`select nextval('test_relevance_reads')`);
  jobs = new Jobs(db.database, silent);
  bus = new DomainEvents(db.database.db, jobs, silent);
  bus.on('contact.created', (e) => {
    heard.push(e);
  });
  bus.on('contact.created', () => {
    throw new Error('a broken in-process listener');
  });
  // Fails on its first attempt at each event, then applies it.
  const failedOnce = new Set<string>();
  bus.durable('test.flaky', ['contact.created'], async (e) => {
    attempts += 1;
    if (!failedOnce.has(e.id)) {
      failedOnce.add(e.id);
      throw new Error('first attempt fails');
    }
    applied.push(e.data.contactId);
  });
  bus.durable('test.filtered', ['contact.updated'], async () => undefined, {
    when: (e) => e.data.fields.includes('phone'),
  });
  bus.durable(
    'test.once',
    ['contact.updated'],
    async (e) => {
      onceApplied.push(e.data.contactId);
    },
    { when: (e) => e.data.contactId.startsWith('once-') },
  );
  bus.durable(
    'test.receipt',
    ['contact.updated'],
    async (e) => {
      receiptRuns.push(e.data.contactId);
    },
    { when: (e) => e.data.contactId.startsWith('receipt-') },
  );
  // Reads, in the emitting transaction, what the account has for it: here a flag set by the test.
  bus.durable('test.relevant', ['contact.phase_changed'], async () => undefined, {
    relevant: {
      // Built once (sqlOnce): each run counts itself in a sequence, and answers only for the
      // account it was bound to.
      read: (accountId) => sql`select case when ${accountId}::uuid = ${ACCOUNT}::uuid
          then to_jsonb(current_setting('test.relevant', true)) end
        from (select nextval('test_relevance_reads')) counted`,
      keep: (on: string | null) => (e) => on === 'on' && e.data.to !== 'ignored',
    },
  });
  // Packed: a transaction's events in one job; "pack-fail" fails on its first attempt.
  const packFailed = new Set<string>();
  bus.durable(
    'test.packed',
    ['contact.updated'],
    async (e) => {
      if (e.data.contactId === 'pack-fail' && !packFailed.has(e.id)) {
        packFailed.add(e.id);
        throw new Error('first attempt fails');
      }
      packRuns.push(e.data.contactId);
    },
    { when: (e) => e.data.contactId.startsWith('pack-'), packed: true },
  );
  await jobs.start();
});

afterAll(async () => {
  await jobs?.stop();
  await db?.destroy();
});

const emitIn = (contactId: string, fail = false) =>
  withTenant(db.database.db, ACCOUNT, async (tx) => {
    await bus.emit(tx, ACCOUNT, 'contact.created', { contactId, source: 'test' });
    if (fail) throw new Error('rolled back');
  });

const count = async (query: ReturnType<typeof sql>) =>
  rowsOf<{ n: number }>(await db.database.db.execute(query))[0].n;
const jobsOf = (queue: string) => count(sql`select count(*)::int as n from pgboss.job where name = ${queue}`);
const settled = async (queue: string) =>
  (await count(
    sql`select count(*)::int as n from pgboss.job where name = ${queue} and state <> 'completed'`,
  )) === 0;

describe('domain events', () => {
  it('an event emitted in a transaction that rolls back reaches no listener and leaves no job', async () => {
    await expect(emitIn('rolled-back', true)).rejects.toThrow('rolled back');
    expect(heard.map((e) => e.data.contactId)).not.toContain('rolled-back');
    expect(await jobsOf('event.test.flaky')).toBe(0);
  });

  it('in-process listeners run after the commit (a failing one does not stop the others or the emitter)', async () => {
    await emitIn('c-1');
    expect(heard.map((e) => e.data.contactId)).toContain('c-1');
    const event = heard.find((e) => e.data.contactId === 'c-1')!;
    expect(event).toMatchObject({ name: 'contact.created', accountId: ACCOUNT, data: { source: 'test' } });
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a durable listener that throws is retried and applies the event once', async () => {
    await until(() => Promise.resolve(applied.includes('c-1')), 25_000);
    expect(applied.filter((id) => id === 'c-1')).toHaveLength(1);
    expect(attempts).toBe(2);
    // The same event delivered again (a retried job after the handler succeeded) is not applied again.
    const event = heard.find((e) => e.data.contactId === 'c-1')!;
    await jobs.send('event.test.flaky', event);
    const before = attempts;
    await until(
      async () => (await jobsOf('event.test.flaky')) === 2 && (await settled('event.test.flaky')),
      15_000,
    );
    expect(attempts).toBe(before);
    expect(applied.filter((id) => id === 'c-1')).toHaveLength(1);
  }, 45_000);

  it('an event whose job comes again, in a later batch or twice in one batch, is applied once', async () => {
    const event = await withTenant(db.database.db, ACCOUNT, (tx) =>
      bus.emit(tx, ACCOUNT, 'contact.updated', { contactId: 'once-1', fields: ['name'] }),
    );
    await until(async () => onceApplied.includes('once-1') && (await settled('event.test.once')));
    // Two more jobs of the applied event, and two of an event never applied, each pair committed
    // together (so fetched in one batch).
    const fresh = { ...event, id: newId(), data: { ...event.data, contactId: 'once-2' } };
    for (const data of [event, fresh])
      await withTenant(db.database.db, ACCOUNT, (tx) =>
        jobs.insertInTx(tx, new Map([['event.test.once', [{ data }, { data }]]])),
      );
    await until(async () => (await jobsOf('event.test.once')) === 5 && (await settled('event.test.once')));
    expect(onceApplied.sort()).toEqual(['once-1', 'once-2']);
    expect(
      await count(
        sql`select count(*)::int as n from event_receipts where listener = 'test.once' and event_id in (${event.id}, ${fresh.id})`,
      ),
    ).toBe(2);
  });

  it('a receipt that cannot be written fails the job: its retry runs the handler again and records it', async () => {
    // The next receipt of 'test.receipt' is refused once (as a database blip would).
    for (const statement of [
      // A sequence: its step survives the refused statement's rollback.
      sql`create sequence receipt_refusals`,
      sql.raw(`create function refuse_receipt_once() returns trigger language plpgsql as $$
        begin
          if nextval('receipt_refusals') = 1 then raise exception 'receipts unavailable'; end if;
          return new;
        end $$`),
      sql`create trigger refuse_receipt before insert on event_receipts
        for each row when (new.listener = 'test.receipt') execute function refuse_receipt_once()`,
    ])
      await db.database.db.execute(statement);
    const event = await withTenant(db.database.db, ACCOUNT, (tx) =>
      bus.emit(tx, ACCOUNT, 'contact.updated', { contactId: 'receipt-1', fields: ['name'] }),
    );
    await until(async () => receiptRuns.length >= 2 && (await settled('event.test.receipt')), 25_000);
    expect(receiptRuns).toEqual(['receipt-1', 'receipt-1']);
    expect(
      await count(
        sql`select count(*)::int as n from event_receipts where listener = 'test.receipt' and event_id = ${event.id}`,
      ),
    ).toBe(1);
  }, 45_000);

  it('a durable listener gets no job for events its filter ignores', async () => {
    await withTenant(db.database.db, ACCOUNT, async (tx) => {
      await bus.emit(tx, ACCOUNT, 'contact.updated', { contactId: 'c-2', fields: ['name'] });
      await bus.emit(tx, ACCOUNT, 'contact.updated', { contactId: 'c-2', fields: ['phone'] });
    });
    expect(await jobsOf('event.test.filtered')).toBe(1);
  });

  it("a transaction's events are written together at its commit: one job per event and listener, with the event", async () => {
    const emitted = await withTenant(db.database.db, ACCOUNT, async (tx) => {
      const list: TDomainEvent<'contact.updated'>[] = [];
      for (const contactId of ['c-3', 'c-4', 'c-5'])
        list.push(await bus.emit(tx, ACCOUNT, 'contact.updated', { contactId, fields: ['phone'] }));
      return list;
    });
    const rows = rowsOf<{ data: TDomainEvent<'contact.updated'> }>(
      await db.database.db.execute(
        sql`select data from pgboss.job where name = 'event.test.filtered' and data->'data'->>'contactId' in ('c-3', 'c-4', 'c-5')`,
      ),
    );
    expect(rows.map((r) => r.data.id).sort()).toEqual(emitted.map((e) => e.id).sort());
    expect(rows.map((r) => r.data.data.contactId).sort()).toEqual(['c-3', 'c-4', 'c-5']);
  });

  it('a packed listener gets one job per transaction, runs its events in order, and a retry resumes at the failed one', async () => {
    const emitted = await withTenant(db.database.db, ACCOUNT, async (tx) => {
      const list: TDomainEvent<'contact.updated'>[] = [];
      for (const contactId of ['pack-1', 'pack-fail', 'pack-3'])
        list.push(await bus.emit(tx, ACCOUNT, 'contact.updated', { contactId, fields: ['name'] }));
      return list;
    });
    const rows = rowsOf<{ data: { events: TDomainEvent[] } }>(
      await db.database.db.execute(sql`select data from pgboss.job where name = 'event.test.packed'`),
    );
    expect(rows.map((r) => r.data.events.map((e) => e.id))).toEqual([emitted.map((e) => e.id)]);
    await until(() => settled('event.test.packed'), 30_000);
    // The first attempt ran pack-1 and stopped at pack-fail (pack-3 waited); the retry skipped
    // pack-1 (its receipt) and went on in order.
    expect(packRuns).toEqual(['pack-1', 'pack-fail', 'pack-3']);
    const receipts = await count(
      sql`select count(*)::int as n from event_receipts where listener = 'test.packed'`,
    );
    expect(receipts).toBe(3);
  });

  it('a packed listener still runs a job written before it was packed (one event)', async () => {
    const contactId = 'pack-legacy';
    await jobs.send('event.test.packed', {
      id: newId(),
      name: 'contact.updated',
      accountId: ACCOUNT,
      at: new Date().toISOString(),
      data: { contactId, fields: ['name'] },
    });
    await until(() => Promise.resolve(packRuns.includes(contactId)), 30_000);
  });

  it("a listener's account filter is read once per transaction, in it: an account with nothing for it writes no job", async () => {
    const phaseEvents = (on: boolean, phases: string[]) =>
      withTenant(db.database.db, ACCOUNT, async (tx) => {
        if (on) await tx.execute(sql`select set_config('test.relevant', 'on', true)`);
        for (const [i, to] of phases.entries())
          await bus.emit(tx, ACCOUNT, 'contact.phase_changed', { contactId: `p-${i}`, from: null, to });
      });
    const reads = () => count(sql`select last_value::int as n from test_relevance_reads`);
    const before = await reads();
    await phaseEvents(false, ['lead', 'client']);
    expect(await reads()).toBe(before + 1);
    expect(await jobsOf('event.test.relevant')).toBe(0);

    await phaseEvents(true, ['lead', 'ignored', 'client']);
    expect(await reads()).toBe(before + 2);
    const rows = rowsOf<{ to: string }>(
      await db.database.db.execute(
        sql`select data->'data'->>'to' as to from pgboss.job where name = 'event.test.relevant'`,
      ),
    );
    expect(rows.map((r) => r.to).sort()).toEqual(['client', 'lead']);
  });
});
