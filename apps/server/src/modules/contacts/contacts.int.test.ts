import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { addMember, signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows } from '../../testing/helpers';
import { createContact, createTag } from './contacts.fixtures';

let ctx: TTestApp;
let owner: TSignedUp;
let other: TSignedUp;
let operator: Awaited<ReturnType<typeof addMember>>;

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx, { company: 'Owner Co' });
  other = await signUp(ctx, { company: 'Other Co' });
  operator = await addMember(ctx, owner, 'operator');
});
afterAll(async () => {
  await ctx.close();
});

const url = (path: string, acc = owner.accountId) => `${path}${path.includes('?') ? '&' : '?'}acc=${acc}`;

describe('create and update (spec §7 PUT /p/chat/contact/{id})', () => {
  it('creates a contact with the phone in E.164 and answers the spec field names', async () => {
    const res = await api(ctx.app, 'POST', url('/p/chat/contact'), {
      token: operator.token,
      body: { data: { name: 'Ana Souza', phone: '(11) 98765-4321', email: 'Ana@Example.com' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Ana Souza',
      phone: '+5511987654321',
      email: 'ana@example.com',
      acc: owner.accountId,
      type: 'manual',
      phase: null,
      tags: [],
      blocked: false,
      optOut: false,
      source: 'manual',
    });
    for (const key of ['_id', 'profilePic', 'inbox', 'chat', 'status', 'createdAt'])
      expect(res.body.data).toHaveProperty(key);
  });

  it('refuses an invalid phone and e-mail with the spec messages, per language', async () => {
    const en = await api(ctx.app, 'POST', url('/p/chat/contact'), {
      token: owner.token,
      lang: 'en',
      body: { data: { name: 'Bad', phone: '123', email: 'not-an-email' } },
    });
    expect(en.statusCode).toBe(400);
    expect(en.body.code).toBe('VALIDATION_FAILED');
    expect(en.body.fields).toEqual(
      expect.arrayContaining([
        { path: 'data.phone', key: 'phone', message: 'Invalid phone number' },
        { path: 'data.email', key: 'email', message: 'Insert a valid e-mail' },
      ]),
    );
    const pt = await api(ctx.app, 'POST', url('/p/chat/contact'), {
      token: owner.token,
      lang: 'pt-BR',
      body: { data: { name: 'Bad', phone: '12ab' } },
    });
    expect(pt.body.fields).toEqual([
      { path: 'data.phone', key: 'phone', message: 'Telefone inválido, por favor verifique' },
    ]);
  });

  it('updates with the spec payload { data, acc } in the body; a phase change goes to the activity log', async () => {
    const contact = await createContact(ctx, owner.token, owner.accountId, {
      name: 'Bruno',
      phone: '21 99876-5432',
    });
    const phases = await api(ctx.app, 'GET', url('/p/chat/inbox/phases'), { token: operator.token });
    const qualified = phases.body.data.find((p: { key: string }) => p.key === 'qualified');
    const res = await api(ctx.app, 'PUT', `/p/chat/contact/${contact._id}`, {
      token: operator.token,
      body: {
        data: {
          name: 'Bruno Lima',
          email: 'bruno@example.com',
          phone: '+55 21 99876-5432',
          profilePic: null,
          type: 'whatsapp',
          phase: qualified._id,
          inbox: null,
          chat: null,
          acc: owner.accountId,
          status: 'active',
        },
        acc: owner.accountId,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Bruno Lima', type: 'whatsapp', phase: qualified._id });
    const log = await api(ctx.app, 'GET', url('/p/activity-log'), { token: owner.token });
    const entry = log.body.data.items.find((i: { action: string }) => i.action === 'contact.phase_changed');
    expect(entry).toMatchObject({
      target: 'Bruno Lima',
      userId: operator.userId,
      details: { contactId: contact._id, from: null, to: qualified._id },
    });
  });

  it('keeps the phone when the update leaves it out, clears it with null', async () => {
    const contact = await createContact(ctx, owner.token, owner.accountId, {
      name: 'Caio',
      phone: '11 97777-0000',
    });
    const kept = await api(ctx.app, 'PUT', url(`/p/chat/contact/${contact._id}`), {
      token: owner.token,
      body: { data: { status: 'inactive' } },
    });
    expect(kept.body.data).toMatchObject({ phone: '+5511977770000', status: 'inactive' });
    const cleared = await api(ctx.app, 'PUT', url(`/p/chat/contact/${contact._id}`), {
      token: owner.token,
      body: { data: { phone: null } },
    });
    expect(cleared.body.data.phone).toBeNull();
  });

  it("refuses another account's phase or tag", async () => {
    const contact = await createContact(ctx, owner.token, owner.accountId, { name: 'Davi' });
    const foreignTag = await createTag(ctx, other.token, other.accountId, 'Foreign');
    const res = await api(ctx.app, 'PUT', url(`/p/chat/contact/${contact._id}`), {
      token: owner.token,
      lang: 'en',
      body: { data: { tags: [foreignTag._id] } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.fields).toEqual([{ path: 'data.tags', key: 'invalid', message: 'Invalid value' }]);
  });
});

describe('soft delete and restore', () => {
  it('hides a deleted contact, lists it in the trash, and restores it', async () => {
    const contact = await createContact(ctx, owner.token, owner.accountId, { name: 'Elisa Trash' });
    const del = await api(ctx.app, 'DELETE', url(`/p/chat/contact/${contact._id}`), {
      token: operator.token,
    });
    expect(del.statusCode).toBe(200);
    expect(del.body.data.deletedAt).toEqual(expect.any(String));
    const gone = await api(ctx.app, 'GET', url(`/p/chat/contact/${contact._id}`), {
      token: owner.token,
      lang: 'en',
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toMatchObject({ code: 'CONTACT_NOT_FOUND', message: 'Contact not found' });
    const live = await api(ctx.app, 'GET', url('/p/chat/contact/list?search=elisa trash'), {
      token: owner.token,
    });
    expect(live.body.data.count).toBe(0);
    const trash = await api(ctx.app, 'GET', url('/p/chat/contact/list?search=elisa trash&deleted=true'), {
      token: owner.token,
    });
    expect(trash.body.data.items.map((c: { _id: string }) => c._id)).toEqual([contact._id]);
    const restored = await api(ctx.app, 'POST', url(`/p/chat/contact/${contact._id}/restore`), {
      token: owner.token,
    });
    expect(restored.body.data.deletedAt).toBeNull();
    const back = await api(ctx.app, 'GET', url(`/p/chat/contact/${contact._id}`), { token: owner.token });
    expect(back.body.data.name).toBe('Elisa Trash');
  });
});

describe('phases (GET /p/chat/inbox/phases)', () => {
  it('every account starts with the default phases, in order', async () => {
    const res = await api(ctx.app, 'GET', url('/p/chat/inbox/phases', other.accountId), {
      token: other.token,
    });
    expect(res.body.data.map((p: { key: string; order: number }) => [p.key, p.order])).toEqual([
      ['new', 0],
      ['contacted', 1],
      ['qualified', 2],
      ['proposal', 3],
      ['won', 4],
      ['lost', 5],
    ]);
    expect(res.body.data[0]).toMatchObject({ name: 'Novo', color: expect.stringMatching(/^#[0-9a-f]{6}$/i) });
  });

  it('admins create, rename, recolour, reorder and delete phases; operators only read', async () => {
    const denied = await api(ctx.app, 'POST', url('/p/chat/inbox/phases'), {
      token: operator.token,
      body: { name: 'Follow-up', color: '#123456' },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.body.code).toBe('NOT_AUTHORIZED');
    const created = await api(ctx.app, 'POST', url('/p/chat/inbox/phases'), {
      token: owner.token,
      body: { name: 'Follow-up', color: '#123456' },
    });
    expect(created.body.data).toMatchObject({ name: 'Follow-up', color: '#123456', order: 6, key: null });
    const dup = await api(ctx.app, 'POST', url('/p/chat/inbox/phases'), {
      token: owner.token,
      lang: 'en',
      body: { name: 'follow-UP' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.body).toMatchObject({ code: 'PHASE_EXISTS', message: 'Phase already exists' });
    const list = (await api(ctx.app, 'GET', url('/p/chat/inbox/phases'), { token: owner.token })).body.data;
    const renamed = await api(ctx.app, 'PUT', url(`/p/chat/inbox/phases/${list[0]._id}`), {
      token: owner.token,
      body: { name: 'Lead novo', color: '#000000' },
    });
    expect(renamed.body.data).toMatchObject({ name: 'Lead novo', color: '#000000', key: null });
    const reversed = list.map((p: { _id: string }) => p._id).reverse();
    const reordered = await api(ctx.app, 'PUT', url('/p/chat/inbox/phases/order'), {
      token: owner.token,
      body: { ids: reversed },
    });
    expect(reordered.body.data.map((p: { _id: string }) => p._id)).toEqual(reversed);
    const partial = await api(ctx.app, 'PUT', url('/p/chat/inbox/phases/order'), {
      token: owner.token,
      body: { ids: reversed.slice(1) },
    });
    expect(partial.body.code).toBe('PHASE_ORDER_INVALID');

    const contact = await createContact(ctx, owner.token, owner.accountId, {
      name: 'Phase holder',
      phase: created.body.data._id,
    });
    const deleted = await api(ctx.app, 'DELETE', url(`/p/chat/inbox/phases/${created.body.data._id}`), {
      token: owner.token,
    });
    expect(deleted.statusCode).toBe(200);
    const after = await api(ctx.app, 'GET', url(`/p/chat/contact/${contact._id}`), { token: owner.token });
    expect(after.body.data.phase).toBeNull();
  });

  it("an empty body renames nothing; an unknown or another account's phase answers 404 PHASE_NOT_FOUND", async () => {
    const list = (
      await api(ctx.app, 'GET', url('/p/chat/inbox/phases', other.accountId), { token: other.token })
    ).body.data;
    const same = await api(ctx.app, 'PUT', url(`/p/chat/inbox/phases/${list[1]._id}`, other.accountId), {
      token: other.token,
      body: {},
    });
    expect(same.statusCode).toBe(200);
    expect(same.body.data).toEqual(list[1]);
    for (const id of ['01900000-0000-7000-8000-000000000000', list[1]._id]) {
      const missing = await api(ctx.app, 'PUT', url(`/p/chat/inbox/phases/${id}`), {
        token: owner.token,
        lang: 'en',
        body: {},
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toMatchObject({ code: 'PHASE_NOT_FOUND', message: 'Phase not found' });
    }
  });
});

describe('tags', () => {
  it('creates (unique per account, any case), renames, recolours and deletes tags', async () => {
    const vip = await createTag(ctx, operator.token, owner.accountId, 'VIP');
    const dup = await api(ctx.app, 'POST', url('/p/chat/contact/tags'), {
      token: owner.token,
      lang: 'en',
      body: { name: 'vip' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.body).toMatchObject({ code: 'TAG_EXISTS', message: 'Tag already exists' });
    const sameNameElsewhere = await api(ctx.app, 'POST', url('/p/chat/contact/tags', other.accountId), {
      token: other.token,
      body: { name: 'VIP' },
    });
    expect(sameNameElsewhere.statusCode).toBe(200);

    const opRename = await api(ctx.app, 'PUT', url(`/p/chat/contact/tags/${vip._id}`), {
      token: operator.token,
      body: { name: 'Gold' },
    });
    expect(opRename.statusCode).toBe(403);
    const renamed = await api(ctx.app, 'PUT', url(`/p/chat/contact/tags/${vip._id}`), {
      token: owner.token,
      body: { name: 'Gold', color: '#ffd700' },
    });
    expect(renamed.body.data).toMatchObject({ name: 'Gold', color: '#ffd700' });

    const contact = await createContact(ctx, owner.token, owner.accountId, {
      name: 'Tagged',
      tags: [vip._id],
    });
    expect(contact.tags).toEqual([vip._id]);
    const del = await api(ctx.app, 'DELETE', url(`/p/chat/contact/tags/${vip._id}`), { token: owner.token });
    expect(del.statusCode).toBe(200);
    const after = await api(ctx.app, 'GET', url(`/p/chat/contact/${contact._id}`), { token: owner.token });
    expect(after.body.data.tags).toEqual([]);
    const tags = await api(ctx.app, 'GET', url('/p/chat/contact/tags'), { token: owner.token });
    expect(tags.body.data.map((t: { name: string }) => t.name)).not.toContain('Gold');
  });

  it("an empty body changes nothing; an unknown or another account's tag answers 404 TAG_NOT_FOUND", async () => {
    const tag = await createTag(ctx, other.token, other.accountId, 'Empty patch');
    const same = await api(ctx.app, 'PUT', url(`/p/chat/contact/tags/${tag._id}`, other.accountId), {
      token: other.token,
      body: {},
    });
    expect(same.statusCode).toBe(200);
    expect(same.body.data).toEqual(tag);
    for (const id of ['01900000-0000-7000-8000-000000000000', tag._id]) {
      const missing = await api(ctx.app, 'PUT', url(`/p/chat/contact/tags/${id}`), {
        token: owner.token,
        lang: 'en',
        body: {},
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toMatchObject({ code: 'TAG_NOT_FOUND', message: 'Tag not found' });
    }
  });
});

describe('bulk edits for the table', () => {
  it('adds and removes tags and moves phases for many contacts at once', async () => {
    const a = await createContact(ctx, owner.token, owner.accountId, { name: 'Bulk A' });
    const b = await createContact(ctx, owner.token, owner.accountId, { name: 'Bulk B' });
    const hot = await createTag(ctx, owner.token, owner.accountId, 'Hot');
    const cold = await createTag(ctx, owner.token, owner.accountId, 'Cold');
    const tagged = await api(ctx.app, 'POST', url('/p/chat/contact/bulk/tags'), {
      token: operator.token,
      body: { ids: [a._id, b._id], add: [hot._id, cold._id] },
    });
    expect(tagged.body.data).toEqual({ updated: 2 });
    await api(ctx.app, 'POST', url('/p/chat/contact/bulk/tags'), {
      token: operator.token,
      body: { ids: [b._id], remove: [cold._id] },
    });
    const [rowA] = await queryRows<{ tags: string[] | string }>(
      ctx,
      sql`select tags::text[] as tags from contacts where id = ${a._id}`,
    );
    expect(new Set(typeof rowA.tags === 'string' ? rowA.tags.slice(1, -1).split(',') : rowA.tags)).toEqual(
      new Set([hot._id, cold._id]),
    );
    const getB = await api(ctx.app, 'GET', url(`/p/chat/contact/${b._id}`), { token: owner.token });
    expect(getB.body.data.tags).toEqual([hot._id]);

    const phases = (await api(ctx.app, 'GET', url('/p/chat/inbox/phases'), { token: owner.token })).body.data;
    const moved = await api(ctx.app, 'POST', url('/p/chat/contact/bulk/phase'), {
      token: operator.token,
      body: { ids: [a._id, b._id], phase: phases[1]._id },
    });
    expect(moved.body.data).toEqual({ updated: 2 });
    const log = await api(ctx.app, 'GET', url('/p/activity-log'), { token: owner.token });
    const entry = log.body.data.items.find(
      (i: { action: string; details: { bulk?: boolean } }) =>
        i.action === 'contact.phase_changed' && i.details.bulk,
    );
    expect(new Set(entry.details.contactIds)).toEqual(new Set([a._id, b._id]));
  });
});
