import type { TDomainEvent, TDomainEventName } from '@atende/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { createContact, createTag } from './contacts.fixtures';

/** What automations, webhooks and roll-ups will react to: the contacts module's domain events. */
let ctx: TTestApp;
let owner: TSignedUp;
let other: TSignedUp;
const heard: TDomainEvent[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  const names = ['contact.created', 'contact.updated', 'contact.phase_changed', 'contact.tag_added'];
  for (const name of names as TDomainEventName[])
    ctx.app.platform.events.on(name, (e) => {
      heard.push(e);
    });
  owner = await signUp(ctx);
  other = await signUp(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

const of = (name: string, contactId: string) =>
  heard.filter((e) => e.name === name && (e.data as { contactId: string }).contactId === contactId);

describe('contact domain events', () => {
  it('create, update and phase changes (one by one and in bulk) are events of the contact’s account', async () => {
    const contact = await createContact(ctx, owner.token, owner.accountId, {
      name: 'Carla',
      phone: '11 98888-1234',
    });
    await until(() => Promise.resolve(of('contact.created', contact._id).length === 1));
    expect(of('contact.created', contact._id)[0]).toMatchObject({
      accountId: owner.accountId,
      data: { source: 'manual' },
    });

    const phases = await api(ctx.app, 'GET', `/p/chat/inbox/phases?acc=${owner.accountId}`, {
      token: owner.token,
    });
    const [first, second] = phases.body.data as Array<{ _id: string }>;
    const put = await api(ctx.app, 'PUT', `/p/chat/contact/${contact._id}?acc=${owner.accountId}`, {
      token: owner.token,
      body: { data: { name: 'Carla Dias', phase: first._id }, acc: owner.accountId },
    });
    expect(put.statusCode).toBe(200);
    expect(of('contact.updated', contact._id)[0].data).toMatchObject({
      fields: expect.arrayContaining(['name']),
    });
    expect(of('contact.phase_changed', contact._id)[0].data).toEqual({
      contactId: contact._id,
      from: null,
      to: first._id,
    });

    const bulk = await api(ctx.app, 'POST', `/p/chat/contact/bulk/phase?acc=${owner.accountId}`, {
      token: owner.token,
      body: { ids: [contact._id], phase: second._id },
    });
    expect(bulk.statusCode).toBe(200);
    expect(of('contact.phase_changed', contact._id)[1].data).toEqual({
      contactId: contact._id,
      from: first._id,
      to: second._id,
    });
    expect(heard.every((e) => e.accountId !== other.accountId)).toBe(true);
  });

  it('a refused write (another account’s phase) emits nothing', async () => {
    const before = heard.length;
    const contact = await createContact(ctx, other.token, other.accountId, { name: 'Davi' });
    await until(() => Promise.resolve(heard.length === before + 1));
    const phases = await api(ctx.app, 'GET', `/p/chat/inbox/phases?acc=${owner.accountId}`, {
      token: owner.token,
    });
    const res = await api(ctx.app, 'PUT', `/p/chat/contact/${contact._id}?acc=${other.accountId}`, {
      token: other.token,
      body: { data: { phase: phases.body.data[0]._id }, acc: other.accountId },
    });
    expect(res.statusCode).toBe(400);
    expect(heard.length).toBe(before + 1);
  });

  it('a bulk edit counts and announces only the contacts it changed (one that already had it is left as it was)', async () => {
    const url = (path: string) => `${path}?acc=${owner.accountId}`;
    const vip = await createTag(ctx, owner.token, owner.accountId, 'VIP bulk');
    const cold = await createTag(ctx, owner.token, owner.accountId, 'Cold bulk');
    const had = await createContact(ctx, owner.token, owner.accountId, { name: 'Had', tags: [vip._id] });
    const lacked = await createContact(ctx, owner.token, owner.accountId, { name: 'Lacked' });
    const stamp = async (id: string) =>
      (
        await queryRows<{ at: string }>(
          ctx,
          sql`select updated_at::text as at from contacts where id = ${id}`,
        )
      )[0].at;
    const hadAt = await stamp(had._id);
    const before = heard.length;
    const bulk = (path: string, body: object) =>
      api(ctx.app, 'POST', url(path), { token: owner.token, body: { ids: [had._id, lacked._id], ...body } });

    // Adding a tag the first already has: only the second changes, and only it is announced.
    const added = await bulk('/p/chat/contact/bulk/tags', { add: [vip._id] });
    expect(added.body.data).toEqual({ updated: 1 });
    expect(of('contact.tag_added', lacked._id).map((e) => e.data)).toEqual([
      { contactId: lacked._id, tagIds: [vip._id] },
    ]);
    // Both have it now: nothing changes.
    expect((await bulk('/p/chat/contact/bulk/tags', { add: [vip._id] })).body.data).toEqual({ updated: 0 });
    // Removing a tag neither has, and adding one while removing it: nothing changes.
    expect((await bulk('/p/chat/contact/bulk/tags', { remove: [cold._id] })).body.data).toEqual({
      updated: 0,
    });
    expect(
      (await bulk('/p/chat/contact/bulk/tags', { add: [cold._id], remove: [cold._id] })).body.data,
    ).toEqual({ updated: 0 });
    // The contact that already had the tag was not written by the tag edits.
    expect(await stamp(had._id)).toBe(hadAt);

    // A phase: the first moves, then neither (both are in it).
    const phases = await api(ctx.app, 'GET', url('/p/chat/inbox/phases'), { token: owner.token });
    const phase = (phases.body.data as Array<{ _id: string }>)[0]._id;
    await api(ctx.app, 'PUT', url(`/p/chat/contact/${lacked._id}`), {
      token: owner.token,
      body: { data: { phase }, acc: owner.accountId },
    });
    const lackedEvents = heard.length;
    expect((await bulk('/p/chat/contact/bulk/phase', { phase })).body.data).toEqual({ updated: 1 });
    expect(
      heard.slice(lackedEvents).map((e) => [e.name, (e.data as { contactId: string }).contactId]),
    ).toEqual([
      ['contact.updated', had._id],
      ['contact.phase_changed', had._id],
    ]);
    expect((await bulk('/p/chat/contact/bulk/phase', { phase })).body.data).toEqual({ updated: 0 });

    // No contact.updated (webhooks) nor tag_added (automations) for a contact an edit left as it
    // was: the first was heard for its phase only, the second for its tag and its own edit.
    expect(of('contact.tag_added', had._id)).toEqual([]);
    expect(of('contact.updated', had._id).map((e) => e.data)).toEqual([
      { contactId: had._id, fields: ['phaseId'] },
    ]);
    expect(of('contact.updated', lacked._id).map((e) => e.data)).toEqual([
      { contactId: lacked._id, fields: ['tags'] },
      { contactId: lacked._id, fields: ['phaseId'] },
    ]);
    expect(heard.slice(before).filter((e) => e.name === 'contact.tag_added')).toHaveLength(1);
  });

  it('a bulk edit is heard by webhooks as the same edit made one by one (contact.updated naming tags or phaseId), removals too', async () => {
    const url = (path: string) => `${path}?acc=${owner.accountId}`;
    const vip = await createTag(ctx, owner.token, owner.accountId, 'VIP sync');
    const cold = await createTag(ctx, owner.token, owner.accountId, 'Cold sync');
    const one = await createContact(ctx, owner.token, owner.accountId, { name: 'Sync 1', tags: [cold._id] });
    const two = await createContact(ctx, owner.token, owner.accountId, { name: 'Sync 2' });
    const ids = [one._id, two._id];
    const bulk = (path: string, body: object) =>
      api(ctx.app, 'POST', url(path), { token: owner.token, body: { ids, ...body } });
    // What a single edit of the same fields announces, to compare with.
    const single = await createContact(ctx, owner.token, owner.accountId, { name: 'Sync single' });
    const phases = await api(ctx.app, 'GET', url('/p/chat/inbox/phases'), { token: owner.token });
    const phase = (phases.body.data as Array<{ _id: string }>)[0]._id;
    const put = await api(ctx.app, 'PUT', url(`/p/chat/contact/${single._id}`), {
      token: owner.token,
      body: { data: { tags: [vip._id], phase }, acc: owner.accountId },
    });
    expect(put.statusCode).toBe(200);
    const singleFields = (of('contact.updated', single._id)[0].data as { fields: string[] }).fields;
    expect([...singleFields].sort()).toEqual(['phaseId', 'tags']);

    const from = heard.length;
    const since = () =>
      heard
        .slice(from)
        .filter((e) => ids.includes((e.data as { contactId: string }).contactId))
        .map((e) => ({ name: e.name, data: e.data }));
    const updated = (contactId: string, field: string) => ({
      name: 'contact.updated',
      data: { contactId, fields: [field] },
    });

    // Removing a tag only the first has: only it is heard (nobody heard a removal before).
    expect((await bulk('/p/chat/contact/bulk/tags', { remove: [cold._id] })).body.data).toEqual({
      updated: 1,
    });
    expect(since()).toEqual([updated(one._id, 'tags')]);

    // Adding one (and removing one neither has now): both change, each heard once with its tag.
    let mark = heard.length;
    expect(
      (await bulk('/p/chat/contact/bulk/tags', { add: [vip._id], remove: [cold._id] })).body.data,
    ).toEqual({
      updated: 2,
    });
    const inBatch = (contactId: string) =>
      heard
        .slice(mark)
        .filter((e) => (e.data as { contactId: string }).contactId === contactId)
        .map((e) => ({ name: e.name, data: e.data }));
    for (const id of ids)
      expect(inBatch(id)).toEqual([
        updated(id, 'tags'),
        { name: 'contact.tag_added', data: { contactId: id, tagIds: [vip._id] } },
      ]);
    expect(heard.length).toBe(mark + 4);

    // A phase for both, after the second is moved there by hand: only the first is heard.
    await api(ctx.app, 'PUT', url(`/p/chat/contact/${two._id}`), {
      token: owner.token,
      body: { data: { phase }, acc: owner.accountId },
    });
    mark = heard.length;
    expect((await bulk('/p/chat/contact/bulk/phase', { phase })).body.data).toEqual({ updated: 1 });
    expect(heard.slice(mark).map((e) => ({ name: e.name, data: e.data }))).toEqual([
      updated(one._id, 'phaseId'),
      { name: 'contact.phase_changed', data: { contactId: one._id, from: null, to: phase } },
    ]);
    // Clearing the phase of both: both heard.
    mark = heard.length;
    expect((await bulk('/p/chat/contact/bulk/phase', { phase: null })).body.data).toEqual({ updated: 2 });
    for (const id of ids)
      expect(inBatch(id)).toEqual([
        updated(id, 'phaseId'),
        { name: 'contact.phase_changed', data: { contactId: id, from: phase, to: null } },
      ]);
    expect(heard.length).toBe(mark + 4);

    // An edit that changes nobody is heard by nobody.
    mark = heard.length;
    expect((await bulk('/p/chat/contact/bulk/tags', { remove: [cold._id] })).body.data).toEqual({
      updated: 0,
    });
    expect((await bulk('/p/chat/contact/bulk/phase', { phase: null })).body.data).toEqual({ updated: 0 });
    expect(heard.length).toBe(mark);
  });

  it("a bulk edit of a chatbot's live test's visitor is marked test on every event (automations and webhooks skip it)", async () => {
    const url = (path: string) => `${path}?acc=${owner.accountId}`;
    const tag = await createTag(ctx, owner.token, owner.accountId, 'Test mark');
    const visitor = await createContact(ctx, owner.token, owner.accountId, { name: 'Visitante do teste' });
    await queryRows(ctx, sql`update contacts set test = true where id = ${visitor._id}`);
    const phases = await api(ctx.app, 'GET', url('/p/chat/inbox/phases'), { token: owner.token });
    const phase = (phases.body.data as Array<{ _id: string }>)[0]._id;
    const mark = heard.length;
    const bulk = (path: string, body: object) =>
      api(ctx.app, 'POST', url(path), { token: owner.token, body: { ids: [visitor._id], ...body } });
    expect((await bulk('/p/chat/contact/bulk/tags', { add: [tag._id] })).body.data).toEqual({ updated: 1 });
    expect((await bulk('/p/chat/contact/bulk/tags', { remove: [tag._id] })).body.data).toEqual({
      updated: 1,
    });
    expect((await bulk('/p/chat/contact/bulk/phase', { phase })).body.data).toEqual({ updated: 1 });
    expect(heard.slice(mark).map((e) => [e.name, (e.data as { test?: true }).test])).toEqual([
      ['contact.updated', true],
      ['contact.tag_added', true],
      ['contact.updated', true],
      ['contact.updated', true],
      ['contact.phase_changed', true],
    ]);
  });

  it('an edit announces the fields it changed; a form saved as it was announces nothing', async () => {
    const tag = await createTag(ctx, owner.token, owner.accountId, 'Saved as is');
    const form = {
      name: 'Eva',
      email: 'eva@example.com',
      tags: [tag._id],
      optOut: true,
      customFields: { a: 1 },
    };
    const contact = await createContact(ctx, owner.token, owner.accountId, form);
    const put = (data: object) =>
      api(ctx.app, 'PUT', `/p/chat/contact/${contact._id}?acc=${owner.accountId}`, {
        token: owner.token,
        body: { data, acc: owner.accountId },
      });
    // The drawer sends every field: saved unchanged, no webhook, and no second opt-out in the roll-ups.
    expect((await put(form)).statusCode).toBe(200);
    // Renamed: only the name is announced (the opt-out it was sent with again is not news).
    expect((await put({ ...form, name: 'Eva Lima' })).statusCode).toBe(200);
    expect(of('contact.updated', contact._id).map((e) => e.data)).toEqual([
      { contactId: contact._id, fields: ['name'] },
    ]);
  });

  it("a web chat visitor's pre-chat phone that another contact has changes nothing and announces nothing", async () => {
    const holder = await createContact(ctx, owner.token, owner.accountId, {
      name: 'Dona do número',
      phone: '+5511987650001',
    });
    const identity = ctx.app.services.contacts.identity;
    const visitor = await identity.createVisitor(owner.accountId, {
      id: crypto.randomUUID(),
      channelId: crypto.randomUUID(),
      name: 'Visitante 0001',
      email: null,
    });
    expect(visitor).toBeDefined();
    const kept = await identity.updateVisitor(owner.accountId, visitor!.id, {
      phone: holder.phone as string,
    });
    expect(kept).toMatchObject({ id: visitor!.id, phone: null });
    expect(of('contact.updated', visitor!.id)).toEqual([]);
  });
});
