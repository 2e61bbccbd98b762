import type { TDomainEvent, TDomainEventName } from '@atende/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { until } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { createContact } from './contacts.fixtures';

/** What automations, webhooks and roll-ups will react to: the contacts module's domain events. */
let ctx: TTestApp;
let owner: TSignedUp;
let other: TSignedUp;
const heard: TDomainEvent[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  for (const name of ['contact.created', 'contact.updated', 'contact.phase_changed'] as TDomainEventName[])
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
});
