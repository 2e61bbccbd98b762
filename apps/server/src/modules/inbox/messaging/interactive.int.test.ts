import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeWhatsApp,
  newWamid,
  signedWhatsAppPost,
  whatsappWebhook,
} from '../../../testing/fake-whatsapp';
import { startWhatsAppApp, stopWhatsAppApp } from '../../../testing/app-fixtures';
import type { TSignedUp } from '../../../testing/fixtures';
import { queryRows, until } from '../../../testing/helpers';
import { api, type TTestApp } from '../../../testing/test-app';
import { withAcc } from '../testing/inbox.testing';
import { customerWritesOnWhatsApp, type TTestChannel } from '../testing/intake.testing';

let ctx: TTestApp;
let fake: FakeWhatsApp;
let owner: TSignedUp;
let channel: TTestChannel;

beforeAll(async () => {
  ({ ctx, fake, owner, channel } = await startWhatsAppApp());
});
afterAll(() => stopWhatsAppApp({ ctx, fake }));

/** The open conversation of a customer who just wrote. */
async function conversationOf(phone: string): Promise<string> {
  expect(await customerWritesOnWhatsApp(ctx, channel, phone, 'oi')).toBe(200);
  const [row] = await queryRows<{ id: string }>(
    ctx,
    sql`select c.id from conversations c join contacts ct on ct.id = c.contact_id
        where c.account_id = ${owner.accountId} and ct.phone = ${phone} and c.stage <> 'closed'`,
  );
  return row.id;
}

const sentTo = (phone: string) => until(async () => fake.sends.find((s) => s.body.to === phone.slice(1)));

const menu = {
  text: 'Com quem você quer falar?',
  interactive: {
    options: [
      { id: 'sales', title: 'Vendas' },
      { id: 'support', title: 'Suporte' },
    ],
  },
};

describe('interactive messages on WhatsApp', () => {
  it('sends a bot question with up to 3 options as reply buttons Meta accepts, stored once per purpose', async () => {
    const conversationId = await conversationOf('+5511970000001');
    const send = () =>
      ctx.app.services.inbox.messaging.sendAutomatic(owner.accountId, conversationId, menu, 'menu:1');
    const id = await send();
    expect(await send()).toBe(id);
    const sent = await sentTo('+5511970000001');
    expect(sent.body).toMatchObject({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Com quem você quer falar?' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'sales', title: 'Vendas' } },
            { type: 'reply', reply: { id: 'support', title: 'Suporte' } },
          ],
        },
      },
    });
    const [row] = await queryRows<{ kind: string; author_type: string; interactive: unknown; ack: number }>(
      ctx,
      sql`select kind, author_type, interactive, ack from messages where id = ${id!}`,
    );
    expect(row).toMatchObject({ kind: 'interactive', author_type: 'bot', interactive: menu.interactive });
    await until(async () => fake.sends.filter((s) => s.body.to === '5511970000001').length === 1);
  });

  it('sends of the same purpose at once store one message, and each answers its id (the later ones waited for the conversation)', async () => {
    const conversationId = await conversationOf('+5511970000009');
    const send = () =>
      ctx.app.services.inbox.messaging.sendAutomatic(owner.accountId, conversationId, menu, 'menu:race');
    const ids = await Promise.all([send(), send(), send(), send(), send()]);
    expect(ids[0]).toEqual(expect.any(String));
    expect(new Set(ids)).toEqual(new Set([ids[0]]));
    const stored = await queryRows<{ id: string }>(
      ctx,
      sql`select id from messages where conversation_id = ${conversationId} and client_id = 'auto:menu:race'`,
    );
    expect(stored.map((r) => r.id)).toEqual([ids[0]]);
    await until(async () => fake.sends.filter((s) => s.body.to === '5511970000009').length === 1);
  });

  it('sends 7 options as a list message with rows Meta accepts', async () => {
    const conversationId = await conversationOf('+5511970000002');
    const options = ['Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado', 'Domingo'].map(
      (title, i) => ({
        id: `d${i}`,
        title,
      }),
    );
    await ctx.app.services.inbox.messaging.sendAutomatic(
      owner.accountId,
      conversationId,
      { text: 'Que dia?', interactive: { options, listButton: 'Escolher dia' } },
      'days',
    );
    const sent = await sentTo('+5511970000002');
    expect(sent.body.interactive.type).toBe('list');
    expect(sent.body.interactive.action.button).toBe('Escolher dia');
    expect(sent.body.interactive.action.sections[0].rows.map((r: { id: string }) => r.id)).toEqual(
      options.map((o) => o.id),
    );
  });

  it("stores a customer's button and list replies with the option they picked, the list row's description kept", async () => {
    const conversationId = await conversationOf('+5511970000003');
    const wamids = [newWamid(), newWamid()];
    const payload = whatsappWebhook(channel.externalId, {
      messages: [
        {
          id: wamids[0],
          from: '5511970000003',
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: 'support', title: 'Suporte' } },
        },
        {
          id: wamids[1],
          from: '5511970000003',
          type: 'interactive',
          interactive: {
            type: 'list_reply',
            list_reply: { id: 'd2', title: 'Quarta', description: 'Das 9h às 18h' },
          },
        },
      ],
    });
    const signed = signedWhatsAppPost(channel.secrets.appSecret, payload);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/webhooks/whatsapp-cloud/${channel.id}`,
      headers: signed.headers,
      payload: signed.body,
    });
    expect(res.statusCode).toBe(200);
    const rows = await queryRows<{
      provider_message_id: string;
      body: string;
      reply: unknown;
      conversation_id: string;
    }>(
      ctx,
      sql`select provider_message_id, body, reply, conversation_id from messages
          where provider_message_id in (${wamids[0]}, ${wamids[1]}) order by created_at, provider_message_id`,
    );
    const byId = new Map(rows.map((r) => [r.provider_message_id, r]));
    expect(byId.get(wamids[0])).toMatchObject({
      body: 'Suporte',
      reply: { id: 'support', title: 'Suporte' },
      conversation_id: conversationId,
    });
    expect(byId.get(wamids[1])).toMatchObject({
      body: 'Quarta\nDas 9h às 18h',
      reply: { id: 'd2', title: 'Quarta', description: 'Das 9h às 18h' },
    });
  });

  it('shows the options and the reply in the conversation the operators read', async () => {
    const conversationId = await conversationOf('+5511970000004');
    await ctx.app.services.inbox.messaging.sendAutomatic(owner.accountId, conversationId, menu, 'menu:4');
    const res = await api(
      ctx.app,
      'GET',
      withAcc(`/p/chat/conversation/${conversationId}/messages`, owner.accountId),
      {
        token: owner.token,
      },
    );
    expect(res.statusCode).toBe(200);
    const items = res.body.data.items as Array<{ kind: string; interactive?: unknown }>;
    expect(items.find((m) => m.kind === 'interactive')?.interactive).toEqual(menu.interactive);
  });
});
