import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWhatsApp, signedWhatsAppPost, whatsappWebhook } from '../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import {
  customerWritesOnWhatsApp,
  insertWhatsAppChannel,
  type TTestChannel,
} from '../inbox/testing/intake.testing';
import { menuFlow, publishedBot } from './testing/chatbots.testing';

let ctx: TTestApp;
let fake: FakeWhatsApp;
let owner: TSignedUp;
let channel: TTestChannel;

beforeAll(async () => {
  fake = new FakeWhatsApp();
  ctx = await startTestApp({ WHATSAPP_GRAPH_URL: await fake.start() });
  owner = await signUp(ctx, { plan: 'pro' });
  channel = await insertWhatsAppChannel(ctx, owner.accountId);
  await publishedBot(ctx, owner, [channel.id], menuFlow());
});

afterAll(async () => {
  await ctx?.close();
  await fake?.stop();
});

/** What the customer got: texts, and an interactive message as its body text. */
const textsTo = (to: string) =>
  fake.sends
    .filter((s) => s.body.to === to)
    .map((s) => (s.body.text?.body ?? s.body.interactive?.body?.text) as string);
const lastTo = (to: string) => fake.sends.filter((s) => s.body.to === to).at(-1)!.body;

/** The customer taps a reply button (Meta's interactive button_reply webhook). */
async function taps(from: string, id: string, title: string) {
  const signed = signedWhatsAppPost(
    channel.secrets.appSecret,
    whatsappWebhook(channel.externalId, {
      messages: [
        {
          from,
          name: 'Rita',
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id, title } },
        },
      ],
    }),
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/webhooks/whatsapp-cloud/${channel.id}`,
    headers: signed.headers,
    payload: signed.body,
  });
  expect(res.statusCode).toBe(200);
}

async function writes(from: string, text: string) {
  expect(await customerWritesOnWhatsApp(ctx, channel, from, text)).toBe(200);
}

async function conversationOf(phone: string) {
  const [row] = await queryRows<{ id: string; stage: string; contact_id: string }>(
    ctx,
    sql`select c.id, c.stage, c.contact_id from conversations c join contacts k on k.id = c.contact_id
        where c.account_id = ${owner.accountId} and k.phone = ${`+${phone}`} order by c.created_at desc limit 1`,
  );
  return row;
}

describe('a published bot on WhatsApp (signed webhooks, fake Graph)', () => {
  it('greets, offers the menu, retries nonsense, captures the e-mail onto the contact and hands over to the queue', async () => {
    const phone = '5511970001001';
    await writes(phone, 'oi');
    await until(async () => textsTo(phone).length >= 2);
    expect(textsTo(phone)).toEqual(['Olá, Rita! Sou o robô.', 'Com qual área?']);
    // Two options: WhatsApp reply buttons, exactly as Meta documents them.
    expect(lastTo(phone)).toMatchObject({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Com qual área?' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'o-sales', title: 'Vendas' } },
            { type: 'reply', reply: { id: 'o-support', title: 'Suporte' } },
          ],
        },
      },
    });
    // In the flow stage: not in the operators' waiting tab.
    expect((await conversationOf(phone)).stage).toBe('flow');
    const waiting = await api(
      ctx.app,
      'GET',
      `/p/chat/conversation/list?acc=${owner.accountId}&tab=waiting`,
      {
        token: owner.token,
      },
    );
    expect(waiting.statusCode).toBe(200);
    const { id } = await conversationOf(phone);
    expect(JSON.stringify(waiting.body.data)).not.toContain(id);

    await writes(phone, 'banana');
    await until(async () => textsTo(phone).length >= 4);
    expect(textsTo(phone).slice(2)).toEqual(['Escolha pelo número.', 'Com qual área?']);

    await taps(phone, 'o-sales', 'Vendas');
    await until(async () => textsTo(phone).length >= 5);
    expect(textsTo(phone)[4]).toBe('Qual é o seu e-mail?');

    await writes(phone, 'rita@example.com');
    await until(async () => (await conversationOf(phone)).stage === 'waiting');
    await until(async () => textsTo(phone).length >= 6);
    expect(textsTo(phone)[5]).toBe('Obrigado! Área: Vendas.');

    const [contact] = await queryRows<{ email: string }>(
      ctx,
      sql`select email from contacts where id = ${(await conversationOf(phone)).contact_id}`,
    );
    expect(contact.email).toBe('rita@example.com');
    const authors = await queryRows<{ author_type: string; n: number }>(
      ctx,
      sql`select author_type, count(*)::int as n from messages where conversation_id = ${id} and private = false
          group by author_type order by author_type`,
    );
    expect(authors).toEqual([
      { author_type: 'bot', n: 6 },
      { author_type: 'contact', n: 4 },
    ]);
  });

  it('a handover keyword hands over at any point', async () => {
    const phone = '5511970001002';
    await writes(phone, 'olá');
    await until(async () => textsTo(phone).length >= 2);
    await writes(phone, 'Atendente!');
    await until(async () => (await conversationOf(phone)).stage === 'waiting');
    expect(textsTo(phone)).toHaveLength(2);
  });
});
