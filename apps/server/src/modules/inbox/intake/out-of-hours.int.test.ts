import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWhatsApp } from '../../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { queryRows } from '../../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../../testing/test-app';
import {
  customerWritesOnWhatsApp,
  insertWhatsAppChannel,
  type TTestChannel,
} from '../testing/intake.testing';

let ctx: TTestApp;
let fake: FakeWhatsApp;
let owner: TSignedUp;
let channel: TTestChannel;

const CLOSED_ALL_WEEK = {
  monday: [],
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
  saturday: [],
  sunday: [],
};

beforeAll(async () => {
  fake = new FakeWhatsApp();
  ctx = await startTestApp({ WHATSAPP_GRAPH_URL: await fake.start() });
  owner = await signUp(ctx, { plan: 'pro' });
  channel = await insertWhatsAppChannel(ctx, owner.accountId);
});

afterAll(async () => {
  await ctx?.close();
  await fake?.stop();
});

async function customerWrites(from: string, text: string) {
  expect(await customerWritesOnWhatsApp(ctx, channel, from, text)).toBe(200);
}

const textsTo = (to: string) => fake.sends.filter((s) => s.body.to === to).map((s) => s.body.text?.body);

describe('out-of-hours message', () => {
  it('a customer who opens a conversation outside the attendance hours gets the message once', async () => {
    const message = 'Estamos fora do horário. Respondemos amanhã às 8h.';
    const res = await api(ctx.app, 'PUT', `/p/chat/settings?acc=${owner.accountId}`, {
      token: owner.token,
      body: {
        hoursEnabled: true,
        hours: CLOSED_ALL_WEEK,
        outOfHoursMessageEnabled: true,
        outOfHoursMessage: message,
      },
    });
    expect(res.statusCode).toBe(200);

    await customerWrites('5511970000001', 'Oi, tudo bem?');
    await expect.poll(() => textsTo('5511970000001'), { timeout: 15_000 }).toEqual([message]);

    // A second message of the same (still open) conversation does not repeat it.
    await customerWrites('5511970000001', 'Alguém aí?');
    const second = await api(ctx.app, 'GET', `/p/chat/conversation/list?acc=${owner.accountId}&tab=waiting`, {
      token: owner.token,
    });
    expect(second.statusCode).toBe(200);
    expect(textsTo('5511970000001')).toEqual([message]);
  });

  it('an account without the reply, or a conversation opened within the hours, costs no job and gets nothing', async () => {
    const quiet = await signUp(ctx, { plan: 'pro' });
    const quietChannel = await insertWhatsAppChannel(ctx, quiet.accountId);
    const replyJobs = async (accountId: string) =>
      (
        await queryRows<{ n: number }>(
          ctx,
          sql`select count(*)::int as n from pgboss.job
              where name = 'event.inbox.out-of-hours' and data->>'accountId' = ${accountId}`,
        )
      )[0].n;
    // No message set (a new account): the opening writes no job.
    expect(await customerWritesOnWhatsApp(ctx, quietChannel, '5511970000101', 'Oi')).toBe(200);
    // Open all week, with a message: no job either.
    const allDay = [{ start: '00:00', end: '24:00' }];
    const open = await api(ctx.app, 'PUT', `/p/chat/settings?acc=${quiet.accountId}`, {
      token: quiet.token,
      body: {
        hoursEnabled: true,
        hours: Object.fromEntries(Object.keys(CLOSED_ALL_WEEK).map((day) => [day, allDay])),
        outOfHoursMessageEnabled: true,
        outOfHoursMessage: 'Fechados',
      },
    });
    expect(open.statusCode).toBe(200);
    expect(await customerWritesOnWhatsApp(ctx, quietChannel, '5511970000102', 'Oi')).toBe(200);
    expect(await replyJobs(quiet.accountId)).toBe(0);
    // Closed all week: the next opening has its job, and the customer the message.
    const closed = await api(ctx.app, 'PUT', `/p/chat/settings?acc=${quiet.accountId}`, {
      token: quiet.token,
      body: { hours: CLOSED_ALL_WEEK },
    });
    expect(closed.statusCode).toBe(200);
    expect(await customerWritesOnWhatsApp(ctx, quietChannel, '5511970000103', 'Oi')).toBe(200);
    expect(await replyJobs(quiet.accountId)).toBe(1);
    await expect.poll(() => textsTo('5511970000103'), { timeout: 15_000 }).toEqual(['Fechados']);
    expect(textsTo('5511970000101')).toEqual([]);
    expect(textsTo('5511970000102')).toEqual([]);
  });

  it('inside the hours, or with the hours off, the settings give no message', async () => {
    const res = await api(ctx.app, 'PUT', `/p/chat/settings?acc=${owner.accountId}`, {
      token: owner.token,
      body: { hoursEnabled: false },
    });
    expect(res.statusCode).toBe(200);
    const get = await api(ctx.app, 'GET', `/p/chat/settings?acc=${owner.accountId}`, { token: owner.token });
    expect(get.body.data).toMatchObject({ hoursEnabled: false, outOfHoursMessageEnabled: true });
  });
});
