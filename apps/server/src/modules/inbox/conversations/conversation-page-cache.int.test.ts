import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { queryRows } from '../../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../../testing/test-app';
import { createTag } from '../../contacts/contacts.fixtures';
import {
  createChannel,
  member,
  seedConversation,
  smsBody,
  type TMember,
  withAcc,
} from '../testing/inbox.testing';
import { pageVersionOf, storedPageVersion } from './conversation-page-cache';
import { listConversationPage, readConversationPageVersion } from './conversations.repo';

// The inbox list remembers each page with the version of its rows (conversation-page-cache.ts):
// whatever writes a conversation, its contact or the count, the next read shows it.
let ctx: TTestApp;
let owner: TSignedUp;
let other: TSignedUp;
let ana: TMember;
let sms: string;
const seeded: Array<{ conversationId: string; contactId: string }> = [];

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx);
  other = await signUp(ctx);
  ana = await member(ctx, owner, 'operator');
  sms = (await createChannel(ctx, owner, smsBody()))._id;
  for (const [i, name] of ['Ana Antiga', 'Bia Bento', 'Caio Costa'].entries())
    seeded.push(
      await seedConversation(ctx, owner.accountId, {
        channelId: sms,
        name,
        lastMessageAt: new Date(Date.now() - (i + 1) * 60_000),
      }),
    );
});
afterAll(async () => {
  await ctx.close();
});

type TPage = {
  items: Array<{
    _id: string;
    stage: string;
    lastMessagePreview: string;
    contact: { name: string; tags: string[] };
  }>;
  count: number;
  next: { before: string; beforeId: string } | null;
};
const waiting = async (token: string, acc = owner.accountId, query = 'tab=waiting') => {
  const res = await api(ctx.app, 'GET', withAcc(`/p/chat/conversation/list?${query}`, acc), {
    token,
    lang: 'en',
  });
  expect(res.statusCode).toBe(200);
  return res.body.data as TPage;
};

describe('inbox list page versions', () => {
  it('reads in SQL the same version the server writes from the page rows, on this engine', async () => {
    const db = ctx.app.platform.database.db;
    const filter = { stage: 'waiting' as const, assigneeId: null };
    const rows = await listConversationPage(db, owner.accountId, filter, 1000, 10_000);
    const stored = await readConversationPageVersion(db, owner.accountId, filter, 1000, 10_000);
    expect(rows).toHaveLength(3);
    expect(stored.total).toBe(3);
    expect(storedPageVersion(stored.total, stored.version)).toBe(
      pageVersionOf(
        Number(rows[0].total),
        rows.map((r) => r.rowVersion),
      ),
    );
    const none = await readConversationPageVersion(db, other.accountId, filter, 1000, 10_000);
    expect(none).toEqual({ total: 0, version: null });
  });

  it('answers the same page again while nothing changed', async () => {
    const first = await waiting(owner.token);
    expect(first.items.map((i) => i.contact.name)).toEqual(['Ana Antiga', 'Bia Bento', 'Caio Costa']);
    expect(await waiting(owner.token)).toEqual(first);
  });

  it('shows every write to a conversation, its contact or the count at the next read', async () => {
    await waiting(owner.token);
    await queryRows(ctx, sql`update contacts set name = 'Ana Nova' where id = ${seeded[0].contactId}`);
    expect((await waiting(owner.token)).items[0].contact.name).toBe('Ana Nova');

    const tag = await createTag(ctx, owner.token, owner.accountId, 'Cache');
    await queryRows(
      ctx,
      sql`update contacts set tags = array[${tag._id}]::uuid[] where id = ${seeded[1].contactId}`,
    );
    expect((await waiting(owner.token)).items[1].contact.tags).toEqual([tag._id]);

    await queryRows(
      ctx,
      sql`update conversations set last_message_preview = 'Chegou?' where id = ${seeded[2].conversationId}`,
    );
    expect((await waiting(owner.token)).items[2].lastMessagePreview).toBe('Chegou?');

    // Taken through the API: it leaves the waiting tab, and the count follows.
    const take = await api(
      ctx.app,
      'POST',
      withAcc(`/p/chat/conversation/${seeded[2].conversationId}/take`, owner.accountId),
      {
        token: ana.token,
      },
    );
    expect(take.statusCode).toBe(200);
    const after = await waiting(owner.token);
    expect(after.items.map((i) => i._id)).toEqual([seeded[0].conversationId, seeded[1].conversationId]);
    expect(after.count).toBe(2);
  });

  it('counts a conversation that arrives beyond the page, whose rows did not change', async () => {
    const query = 'tab=waiting&limit=1';
    const before = await waiting(owner.token, owner.accountId, query);
    expect(before.items).toHaveLength(1);
    await waiting(owner.token, owner.accountId, query);
    await seedConversation(ctx, owner.accountId, {
      channelId: sms,
      name: 'Duda Depois',
      lastMessageAt: new Date(Date.now() - 3_600_000),
    });
    const after = await waiting(owner.token, owner.accountId, query);
    expect(after.items).toEqual(before.items);
    expect(after.count).toBe(before.count + 1);
  });

  it('sends a page asked for again gzipped to a client that accepts it, the same JSON', async () => {
    const ask = (acceptEncoding?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: withAcc('/p/chat/conversation/list?tab=waiting&limit=2', owner.accountId),
        headers: {
          authorization: `Bearer ${owner.token}`,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });
    const first = await ask('gzip, deflate, br, zstd');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.headers.vary).toContain('accept-encoding');
    const again = await ask('gzip, deflate, br, zstd');
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(Number(again.headers['content-length'])).toBe(again.rawPayload.length);
    expect(JSON.parse(gunzipSync(again.rawPayload).toString('utf8'))).toEqual(first.json());
    for (const plain of [undefined, 'identity', 'gzip;q=0, br']) {
      const res = await ask(plain);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toEqual(first.json());
    }
  });

  it("never answers one account's page to another", async () => {
    expect((await waiting(owner.token)).items.length).toBeGreaterThan(0);
    const theirs = await waiting(other.token, other.accountId);
    expect(theirs).toEqual({ items: [], count: 0, next: null });
    // The owner's account asked with the other account's token: not theirs to see.
    const res = await api(ctx.app, 'GET', withAcc('/p/chat/conversation/list?tab=waiting', owner.accountId), {
      token: other.token,
      lang: 'en',
    });
    expect(res.statusCode).toBe(404);
  });
});
