import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows } from '../../testing/helpers';
import { CONTACT_REFERENCES } from './contact-merge.repo';
import { createContact, createLegacyDuplicate, createTag } from './contacts.fixtures';

let ctx: TTestApp;
let owner: TSignedUp;
let other: TSignedUp;

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx, { company: 'Owner Co' });
  other = await signUp(ctx, { company: 'Other Co' });
});
afterAll(async () => {
  await ctx.close();
});

const url = (path: string, acc = owner.accountId) => `${path}?acc=${acc}`;
const merge = (body: unknown, token = owner.token, acc = owner.accountId) =>
  api(ctx.app, 'POST', url('/p/chat/contact/merge', acc), { token, body, lang: 'en' });

describe('merge duplicates (same phone or e-mail)', () => {
  it('keeps the union of tags and custom fields; the merged contacts are soft-deleted and point to the winner', async () => {
    const a = await createTag(ctx, owner.token, owner.accountId, 'A');
    const b = await createTag(ctx, owner.token, owner.accountId, 'B');
    const c = await createTag(ctx, owner.token, owner.accountId, 'C');
    const winner = await createContact(ctx, owner.token, owner.accountId, {
      name: 'Carla WhatsApp',
      phone: '11 98765-1111',
      type: 'whatsapp',
      tags: [a._id],
      customFields: { cpf: '123', plan: 'gold' },
    });
    const samePhone = await createLegacyDuplicate(ctx, owner.token, owner.accountId, '+5511987651111', {
      name: 'Carla SMS',
      email: 'carla@example.com',
      type: 'sms',
      tags: [b._id],
      customFields: { plan: 'silver', city: 'Recife' },
      optOut: true,
    });
    const sameEmail = await createContact(ctx, owner.token, owner.accountId, {
      name: 'Carla Web',
      email: 'CARLA@example.com',
      tags: [c._id, a._id],
      customFields: { source: 'site' },
    });
    // sameEmail shares an e-mail with samePhone, not with the winner: fold samePhone first.
    const dup = await api(ctx.app, 'GET', url(`/p/chat/contact/${winner._id}/duplicates`), {
      token: owner.token,
    });
    expect(dup.body.data.map((d: { _id: string }) => d._id)).toEqual([samePhone._id]);
    const first = await merge({ targetId: winner._id, sourceIds: [samePhone._id] });
    expect(first.statusCode).toBe(200);
    const second = await merge({ targetId: winner._id, sourceIds: [sameEmail._id] });
    expect(second.statusCode).toBe(200);
    const merged = second.body.data;
    expect(merged).toMatchObject({
      _id: winner._id,
      name: 'Carla WhatsApp',
      phone: '+5511987651111',
      email: 'carla@example.com',
      type: 'whatsapp',
      optOut: true,
      customFields: { cpf: '123', plan: 'gold', city: 'Recife', source: 'site' },
      deletedAt: null,
    });
    expect(new Set(merged.tags)).toEqual(new Set([a._id, b._id, c._id]));
    expect(merged.tags).toHaveLength(3);

    for (const loser of [samePhone, sameEmail]) {
      const gone = await api(ctx.app, 'GET', url(`/p/chat/contact/${loser._id}`), { token: owner.token });
      expect(gone.statusCode).toBe(404);
    }
    const rows = await queryRows<{ id: string; deleted: boolean; merged_into: string }>(
      ctx,
      sql`select id, deleted_at is not null as deleted, merged_into from contacts
          where id in (${samePhone._id}, ${sameEmail._id})`,
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ deleted: true, merged_into: winner._id });
    const list = await api(ctx.app, 'GET', `${url('/p/chat/contact/list')}&search=carla`, {
      token: owner.token,
    });
    expect(list.body.data.items.map((i: { _id: string }) => i._id)).toEqual([winner._id]);
  });

  it('refuses contacts that share neither phone nor e-mail, and unknown or foreign ids', async () => {
    const x = await createContact(ctx, owner.token, owner.accountId, { name: 'X', phone: '11 97000-0001' });
    const y = await createContact(ctx, owner.token, owner.accountId, { name: 'Y', phone: '11 97000-0002' });
    const res = await merge({ targetId: x._id, sourceIds: [y._id] });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({
      code: 'CONTACT_MERGE_INVALID',
      message: 'Only contacts with the same phone or e-mail can be merged',
    });
    const self = await merge({ targetId: x._id, sourceIds: [x._id] });
    expect(self.body.code).toBe('CONTACT_MERGE_INVALID');
    const foreign = await createContact(ctx, other.token, other.accountId, {
      name: 'F',
      phone: '11 97000-0001',
    });
    const cross = await merge({ targetId: x._id, sourceIds: [foreign._id] });
    expect(cross.statusCode).toBe(404);
    expect(cross.body.code).toBe('CONTACT_NOT_FOUND');
    const still = await api(ctx.app, 'GET', url(`/p/chat/contact/${foreign._id}`, other.accountId), {
      token: other.token,
    });
    expect(still.body.data.deletedAt).toBeNull();
  });

  it('moves every row that references a merged contact: each foreign key to contacts is in CONTACT_REFERENCES', async () => {
    const fks = await queryRows<{ table: string; column: string }>(
      ctx,
      sql`select c.conrelid::regclass::text as table, a.attname as column
          from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
          where c.contype = 'f' and c.confrelid = 'contacts'::regclass`,
    );
    const covered = new Set(CONTACT_REFERENCES.map((r) => `${r.table}.${r.column}`));
    const missing = fks
      .filter((fk) => !(fk.table === 'contacts' && fk.column === 'merged_into'))
      .map((fk) => `${fk.table}.${fk.column}`)
      .filter((key) => !covered.has(key));
    expect(missing).toEqual([]);
  });

  it('keeps every conversation: open ones on the same channel do not collide (the merged one closes as MERGED)', async () => {
    const keep = await createContact(ctx, owner.token, owner.accountId, {
      name: 'Ana',
      phone: '11 96000-0001',
    });
    const lose = await createLegacyDuplicate(ctx, owner.token, owner.accountId, '+5511960000001', {
      name: 'Ana 2',
    });
    const [channel] = await queryRows<{ id: string }>(
      ctx,
      sql`insert into channels (id, account_id, kind, name, external_id)
          values (gen_random_uuid(), ${owner.accountId}, 'sms', 'SMS', '+5511960000999') returning id`,
    );
    const [web] = await queryRows<{ id: string }>(
      ctx,
      sql`insert into channels (id, account_id, kind, name, external_id)
          values (gen_random_uuid(), ${owner.accountId}, 'webchat', 'Web', 'merge-web') returning id`,
    );
    const open = (contactId: string, channelId: string, stage = 'attendance') =>
      queryRows<{ id: string }>(
        ctx,
        sql`insert into conversations (id, account_id, contact_id, channel_id, stage)
            values (gen_random_uuid(), ${owner.accountId}, ${contactId}, ${channelId}, ${stage}) returning id`,
      ).then((r) => r[0].id);
    const winnerOpen = await open(keep._id, channel.id);
    const loserSame = await open(lose._id, channel.id, 'waiting');
    const loserOther = await open(lose._id, web.id);
    const loserClosed = await open(lose._id, channel.id, 'closed');
    const res = await merge({ targetId: keep._id, sourceIds: [lose._id] });
    expect(res.statusCode).toBe(200);
    const rows = await queryRows<{
      id: string;
      contact_id: string;
      stage: string;
      close_reason: string | null;
    }>(
      ctx,
      sql`select id, contact_id, stage, close_reason from conversations
          where id in (${winnerOpen}, ${loserSame}, ${loserOther}, ${loserClosed})`,
    );
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row.contact_id).toBe(keep._id);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(winnerOpen)).toMatchObject({ stage: 'attendance', close_reason: null });
    expect(byId.get(loserSame)).toMatchObject({ stage: 'closed', close_reason: 'MERGED' });
    expect(byId.get(loserOther)).toMatchObject({ stage: 'attendance', close_reason: null });
    expect(byId.get(loserClosed)?.stage).toBe('closed');
  });

  it('a restored merged contact comes back on its own', async () => {
    const keep = await createContact(ctx, owner.token, owner.accountId, {
      name: 'Keep',
      email: 'k@example.com',
    });
    const lose = await createContact(ctx, owner.token, owner.accountId, {
      name: 'Lose',
      email: 'k@example.com',
    });
    await merge({ targetId: keep._id, sourceIds: [lose._id] });
    const restored = await api(ctx.app, 'POST', url(`/p/chat/contact/${lose._id}/restore`), {
      token: owner.token,
    });
    expect(restored.body.data).toMatchObject({ name: 'Lose', deletedAt: null, mergedInto: null });
  });
});
