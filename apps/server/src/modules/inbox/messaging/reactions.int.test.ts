import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeWhatsApp,
  newWamid,
  signedWhatsAppPost,
  whatsappWebhook,
  type TWaInbound,
} from '../../../testing/fake-whatsapp';
import { startWhatsAppApp, stopWhatsAppApp } from '../../../testing/app-fixtures';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { queryRows, until } from '../../../testing/helpers';
import { api, type TTestApp } from '../../../testing/test-app';
import { withAcc } from '../testing/inbox.testing';
import type { TTestChannel } from '../testing/intake.testing';

let ctx: TTestApp;
let fake: FakeWhatsApp;
let owner: TSignedUp;
let stranger: TSignedUp;
let channel: TTestChannel;

beforeAll(async () => {
  ({ ctx, fake, owner, channel } = await startWhatsAppApp());
  stranger = await signUp(ctx, { plan: 'pro' });
});
afterAll(() => stopWhatsAppApp({ ctx, fake }));

async function deliver(messages: TWaInbound[]) {
  const signed = signedWhatsAppPost(
    channel.secrets.appSecret,
    whatsappWebhook(channel.externalId, { messages }),
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/webhooks/whatsapp-cloud/${channel.id}`,
    headers: signed.headers,
    payload: signed.body,
  });
  expect(res.statusCode).toBe(200);
}

async function stored(wamid: string) {
  const [row] = await queryRows<{ id: string; conversation_id: string; reactions: unknown }>(
    ctx,
    sql`select id, conversation_id, reactions from messages where provider_message_id = ${wamid}`,
  );
  return row;
}

const countIn = async (conversationId: string) =>
  (
    await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from messages where conversation_id = ${conversationId}`,
    )
  )[0].n;

const react = (who: TSignedUp, conversationId: string, messageId: string, emoji: string) =>
  api(
    ctx.app,
    'POST',
    withAcc(`/p/chat/conversation/${conversationId}/messages/${messageId}/reaction`, who.accountId),
    {
      token: who.token,
      body: { emoji },
      lang: 'en',
    },
  );

describe('WhatsApp reactions', () => {
  it("puts a customer's reaction on the message it reacts to, and removing it removes it — no new bubble", async () => {
    const wamid = newWamid();
    await deliver([{ id: wamid, from: '5511960000001', text: 'Chegou o pedido' }]);
    const message = await stored(wamid);
    const before = await countIn(message.conversation_id);
    await deliver([{ from: '5511960000001', type: 'reaction', reaction: { message_id: wamid, emoji: '❤️' } }]);
    expect((await stored(wamid)).reactions).toEqual({ contact: '❤️' });
    await deliver([{ from: '5511960000001', type: 'reaction', reaction: { message_id: wamid, emoji: '' } }]);
    expect((await stored(wamid)).reactions).toEqual({});
    expect(await countIn(message.conversation_id)).toBe(before);
  });

  it('ignores a reaction to a message this channel never stored', async () => {
    await deliver([
      { from: '5511960000002', type: 'reaction', reaction: { message_id: newWamid(), emoji: '👍' } },
    ]);
    const [row] = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from messages where account_id = ${owner.accountId} and body = '👍'`,
    );
    expect(row.n).toBe(0);
  });

  it("sends an operator's reaction to the customer's message through the Graph API, and its removal", async () => {
    const wamid = newWamid();
    await deliver([{ id: wamid, from: '5511960000003', text: 'Obrigada!' }]);
    const message = await stored(wamid);
    const res = await react(owner, message.conversation_id, message.id, '🙏');
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({ team: { emoji: '🙏', userId: owner.userId, name: expect.any(String) } });
    const sent = await until(async () =>
      fake.sends.find((s) => s.body.type === 'reaction' && s.body.reaction.message_id === wamid),
    );
    expect(sent.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511960000003',
      type: 'reaction',
      reaction: { message_id: wamid, emoji: '🙏' },
    });
    expect((await react(owner, message.conversation_id, message.id, '')).body.data).toEqual({});
    await until(async () =>
      fake.sends.find(
        (s) =>
          s.body.type === 'reaction' && s.body.reaction.message_id === wamid && s.body.reaction.emoji === '',
      ),
    );
  });

  it("refuses reactions to the team's own messages and to what is not an emoji, and hides other accounts' messages", async () => {
    const wamid = newWamid();
    await deliver([{ id: wamid, from: '5511960000004', text: 'Oi' }]);
    const message = await stored(wamid);
    const id = await ctx.app.services.inbox.messaging.sendAutomatic(
      owner.accountId,
      message.conversation_id,
      'Olá!',
      'test:greeting',
    );
    const own = await react(owner, message.conversation_id, id!, '👍');
    expect(own.statusCode).toBe(400);
    expect(own.body.code).toBe('REACTION_NOT_SUPPORTED');
    expect(own.body.message).toBe(
      'Reactions can be sent to customer messages in WhatsApp conversations only',
    );
    expect((await react(owner, message.conversation_id, message.id, 'legal')).statusCode).toBe(400);
    const foreign = await react(stranger, message.conversation_id, message.id, '👍');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.code).toBe('CONVERSATION_NOT_FOUND');
    expect((await stored(wamid)).reactions).toBeNull();
  });
});
