import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSmsProvider, inboundSmsFields, signedTwilioPost } from '../../testing/fake-sms';
import { FakeWhatsApp } from '../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { startTestApp, type TTestApp } from '../../testing/test-app';
import {
  customerWritesOnWhatsApp,
  insertSmsChannel,
  insertWhatsAppChannel,
  type TTestChannel,
} from '../inbox/testing/intake.testing';
import { publishedBot } from './testing/chatbots.testing';

/**
 * Media bubbles go out as each channel's media (WhatsApp: real image/video/audio/document
 * messages with the link; SMS: the caption and the link as text), and the idle event: a customer
 * who goes quiet mid-flow gets the idle branch when its durable timer fires.
 */
const CDN = 'https://cdn.example.com';
const FLOW = {
  version: 1,
  variables: [{ id: 'v-name', name: 'nome' }],
  events: [
    { id: 'start', kind: 'start', position: { x: 0, y: 0 } },
    { id: 'idle', kind: 'idle', position: { x: 0, y: 200 }, config: { minutes: 1 } },
  ],
  groups: [
    {
      id: 'g',
      title: 'Boas-vindas',
      position: { x: 200, y: 0 },
      blocks: [
        { id: 'img', type: 'image', url: `${CDN}/fotos/produto.jpg`, caption: 'Nosso produto' },
        { id: 'vid', type: 'video', url: `${CDN}/v/demo.mp4`, caption: 'Veja como funciona' },
        { id: 'aud', type: 'audio', url: `${CDN}/a/boas-vindas.mp3` },
        { id: 'doc', type: 'file', url: `${CDN}/docs/catalogo.pdf`, caption: 'Catálogo' },
        { id: 'ask', type: 'text_input', prompt: 'Qual é o seu nome?', variableId: 'v-name' },
        { id: 'hi', type: 'text', text: 'Prazer, {{nome}}!' },
      ],
    },
    {
      id: 'g-idle',
      title: 'Inatividade',
      position: { x: 200, y: 300 },
      blocks: [{ id: 'still', type: 'text', text: 'Ainda está aí? Vou te passar para um atendente.' }],
    },
  ],
  edges: [
    { id: 'e1', from: { eventId: 'start' }, to: { groupId: 'g' } },
    { id: 'e2', from: { eventId: 'idle' }, to: { groupId: 'g-idle' } },
  ],
};

let ctx: TTestApp;
let fakeWa: FakeWhatsApp;
let fakeSms: FakeSmsProvider;
let owner: TSignedUp;
let wa: TTestChannel;
let sms: TTestChannel;

beforeAll(async () => {
  fakeWa = new FakeWhatsApp();
  fakeSms = new FakeSmsProvider();
  ctx = await startTestApp({ WHATSAPP_GRAPH_URL: await fakeWa.start(), SMS_API_URL: await fakeSms.start() });
  owner = await signUp(ctx, { plan: 'pro' });
  wa = await insertWhatsAppChannel(ctx, owner.accountId);
  sms = await insertSmsChannel(ctx, owner.accountId);
  fakeSms.accounts.set(sms.config.accountSid as string, sms.secrets.authToken);
  await queryRows(ctx, sql`update accounts set sms_credit = 100 where id = ${owner.accountId}`);
  await publishedBot(ctx, owner, [wa.id, sms.id], FLOW);
});

afterAll(async () => {
  await ctx?.close();
  await fakeWa?.stop();
  await fakeSms?.stop();
});

const waTo = (to: string) => fakeWa.sends.filter((s) => s.body.to === to).map((s) => s.body);

describe('media bubbles on each channel', () => {
  it('WhatsApp: image, video, audio and document messages with their links and captions, in order', async () => {
    const phone = '5511970008001';
    expect(await customerWritesOnWhatsApp(ctx, wa, phone, 'oi')).toBe(200);
    await until(async () => waTo(phone).length >= 5);
    const [image, video, audio, document, question] = waTo(phone);
    expect(image).toMatchObject({
      type: 'image',
      image: { link: `${CDN}/fotos/produto.jpg`, caption: 'Nosso produto' },
    });
    expect(video).toMatchObject({
      type: 'video',
      video: { link: `${CDN}/v/demo.mp4`, caption: 'Veja como funciona' },
    });
    // Meta takes no caption on audio.
    expect(audio).toMatchObject({ type: 'audio', audio: { link: `${CDN}/a/boas-vindas.mp3` } });
    expect(audio.audio.caption).toBeUndefined();
    expect(document).toMatchObject({
      type: 'document',
      document: { link: `${CDN}/docs/catalogo.pdf`, caption: 'Catálogo', filename: 'catalogo.pdf' },
    });
    expect(question).toMatchObject({ type: 'text', text: { body: 'Qual é o seu nome?' } });
    // Stored as the bot's media messages (the inbox shows them as such, with the link).
    const rows = await queryRows<{
      kind: string;
      body: string | null;
      media: { url: string; mimeType: string };
    }>(
      ctx,
      sql`select m.kind, m.body, m.media from messages m join contacts k on k.id = (
            select contact_id from conversations where id = m.conversation_id)
          where m.account_id = ${owner.accountId} and k.phone = ${`+${phone}`} and m.author_type = 'bot'
          order by m.created_at`,
    );
    expect(rows.slice(0, 4).map((r) => [r.kind, r.media?.mimeType, r.body])).toEqual([
      ['image', 'image/jpeg', 'Nosso produto'],
      ['video', 'video/mp4', 'Veja como funciona'],
      ['audio', 'audio/mpeg', null],
      ['document', 'application/pdf', 'Catálogo'],
    ]);
  });

  it('SMS: each media bubble as its caption and link in a text', async () => {
    const phone = '+5511960008002';
    const signed = signedTwilioPost(
      sms.secrets.authToken,
      `http://app.test/webhooks/sms/${sms.id}`,
      inboundSmsFields({ from: phone, to: sms.externalId, body: 'oi' }),
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/webhooks/sms/${sms.id}`,
      headers: signed.headers,
      payload: signed.body,
    });
    expect(res.statusCode).toBe(200);
    const bodies = () => fakeSms.sent.filter((s) => s.to === phone).map((s) => s.body);
    await until(async () => bodies().length >= 5);
    expect(bodies()).toEqual([
      `Nosso produto\n${CDN}/fotos/produto.jpg`,
      `Veja como funciona\n${CDN}/v/demo.mp4`,
      `${CDN}/a/boas-vindas.mp3`,
      `Catálogo\n${CDN}/docs/catalogo.pdf`,
      'Qual é o seu nome?',
    ]);
  });
});

describe('the idle event', () => {
  it('a customer who goes quiet mid-flow gets the idle branch when its timer job comes due', async () => {
    const phone = '5511970008003';
    expect(await customerWritesOnWhatsApp(ctx, wa, phone, 'oi')).toBe(200);
    await until(async () => waTo(phone).length >= 5);
    // Waiting on the question (no timeout of its own): the flow's idle timer is armed, a durable
    // pg-boss job due in the idle event's minute.
    const session = await until(async () => {
      const [row] = await queryRows<{ id: string; state: { timer: { id: string; kind: string } | null } }>(
        ctx,
        sql`select s.id, s.state from chatbot_sessions s join conversations c on c.id = s.conversation_id
            join contacts k on k.id = c.contact_id
            where s.account_id = ${owner.accountId} and k.phone = ${`+${phone}`}`,
      );
      return row?.state.timer ? row : undefined;
    });
    expect(session.state.timer?.kind).toBe('idle');
    const [job] = await queryRows<{ id: string; start_after: string }>(
      ctx,
      sql`select id, start_after from pgboss.job where name = 'chatbots.timer'
          and data->>'timerId' = ${session.state.timer!.id}`,
    );
    const dueIn = new Date(job.start_after).getTime() - Date.now();
    expect(dueIn).toBeGreaterThan(50_000);
    expect(dueIn).toBeLessThanOrEqual(60_000);
    // The clock moves on: the job comes due now and the job worker (not the test) runs it.
    await queryRows(ctx, sql`update pgboss.job set start_after = now() where id = ${job.id}`);
    await until(async () => waTo(phone).length >= 6, 20_000);
    expect(waTo(phone)[5]).toMatchObject({
      type: 'text',
      text: { body: 'Ainda está aí? Vou te passar para um atendente.' },
    });
    // The idle branch's reply is its last effect, so the session's end commits with it; read
    // through until all the same (a branch whose last effect is not a reply ends afterwards).
    const after = await until(async () => {
      const [row] = await queryRows<{ status: string }>(
        ctx,
        sql`select status from chatbot_sessions where id = ${session.id}`,
      );
      return row?.status !== 'active' ? row : undefined;
    });
    expect(after.status).toBe('ended');
  });
});
