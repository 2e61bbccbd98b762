import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../platform/db/migrate';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows } from '../../testing/helpers';
import { startTestApp, type TTestApp } from '../../testing/test-app';
import { webchatBody } from '../inbox/testing/inbox.testing';
import { createChannel } from '../inbox/testing/inbox.testing';
import { createContact } from './contacts.fixtures';

let ctx: TTestApp;
let owner: TSignedUp;

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx);
});
afterAll(() => ctx.close());

const cleanup = readFileSync(join(migrationsFolder(), '0027_visitor_contacts_cleanup.sql'), 'utf8');

describe('the cleanup of contacts that page views made (migration 0027)', () => {
  it('bins only nameless "Visitante XXXX" contacts without conversation, e-mail or phone', async () => {
    const make = (name: string, extra: Record<string, unknown> = {}) =>
      createContact(ctx, owner.token, owner.accountId, { name, ...extra });
    const idle = await make('Visitante 1A2B');
    const wrote = await make('Visitante 3C4D');
    const told = await make('Visitante 5E6F', { email: 'visitante@example.com' });
    const person = await make('Visitante Silva');
    const channel = await createChannel(ctx, owner, webchatBody('Site'));
    await queryRows(
      ctx,
      sql`insert into conversations (id, account_id, contact_id, channel_id, stage)
          values (gen_random_uuid(), ${owner.accountId}, ${wrote._id}, ${channel._id}, 'waiting')`,
    );
    await ctx.app.platform.database.db.execute(sql.raw(cleanup));
    const rows = await queryRows<{ id: string; deleted: boolean }>(
      ctx,
      sql`select id, deleted_at is not null as deleted from contacts where account_id = ${owner.accountId}`,
    );
    const deleted = new Map(rows.map((r) => [r.id, r.deleted]));
    expect(deleted.get(idle._id)).toBe(true);
    expect(deleted.get(wrote._id)).toBe(false);
    expect(deleted.get(told._id)).toBe(false);
    expect(deleted.get(person._id)).toBe(false);
  });
});
