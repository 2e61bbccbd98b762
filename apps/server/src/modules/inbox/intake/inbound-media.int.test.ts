import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSmsProvider, hostMms, inboundSmsFields, signedTwilioPost } from '../../../testing/fake-sms';
import { FakeWhatsApp, newWamid, signedWhatsAppPost, whatsappWebhook } from '../../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { queryRows } from '../../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../../testing/test-app';
import { insertSmsChannel, insertWhatsAppChannel, type TTestChannel } from '../testing/intake.testing';

// A customer's photo shows in the agent's conversation: the messages API gives each customer media
// a signed link (an <img> has no bearer token) that streams it from the provider.
let ctx: TTestApp;
let whatsapp: FakeWhatsApp;
let sms: FakeSmsProvider;
let owner: TSignedUp;
let other: TSignedUp;
let wa: TTestChannel;
let smsChannel: TTestChannel;

const image = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 9, 8, 7, 6]);

beforeAll(async () => {
  whatsapp = new FakeWhatsApp();
  sms = new FakeSmsProvider();
  ctx = await startTestApp({ WHATSAPP_GRAPH_URL: await whatsapp.start(), SMS_API_URL: await sms.start() });
  owner = await signUp(ctx, { plan: 'pro' });
  other = await signUp(ctx, { plan: 'pro' });
  wa = await insertWhatsAppChannel(ctx, owner.accountId);
  smsChannel = await insertSmsChannel(ctx, owner.accountId);
  sms.accounts.set(smsChannel.config.accountSid as string, smsChannel.secrets.authToken);
});

afterAll(async () => {
  await ctx?.close();
  await whatsapp?.stop();
  await sms?.stop();
});

/** The conversation's messages as the owner's web reads them. */
async function messagesOf(providerMessageId: string) {
  const [row] = await queryRows<{ conversation_id: string }>(
    ctx,
    sql`select conversation_id from messages where provider_message_id = ${providerMessageId}`,
  );
  const res = await api(
    ctx.app,
    'GET',
    `/p/chat/conversation/${row.conversation_id}/messages?acc=${owner.accountId}`,
    { token: owner.token },
  );
  expect(res.statusCode).toBe(200);
  return res.body.data.items as Array<{ media: { url?: string; mimeType: string } | null }>;
}

/** A signed link as a browser opens it: no session. */
const open = (url: string) => ctx.app.inject({ method: 'GET', url: url.replace('http://app.test', '') });

describe("customers' media in the conversation", () => {
  it('WhatsApp: a signed link streams the photo from Meta; a changed or foreign link is not found', async () => {
    whatsapp.media.set('media-link-1', { mimeType: 'image/jpeg', data: image });
    const wamid = newWamid();
    const payload = whatsappWebhook(wa.externalId, {
      messages: [
        {
          id: wamid,
          from: '5511990003001',
          type: 'image',
          media: { id: 'media-link-1', mime_type: 'image/jpeg' },
        },
      ],
    });
    const signed = signedWhatsAppPost(wa.secrets.appSecret, payload);
    const hook = await ctx.app.inject({
      method: 'POST',
      url: `/webhooks/whatsapp-cloud/${wa.id}`,
      headers: signed.headers,
      payload: signed.body,
    });
    expect(hook.statusCode).toBe(200);

    const [message] = await messagesOf(wamid);
    const url = message.media!.url!;
    expect(url).toMatch(/^http:\/\/app\.test\/p\/chat\/inbox\/media\/[0-9a-f-]{36}\?acc=.+&exp=\d+&sig=/);
    const res = await open(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.equals(image)).toBe(true);

    expect((await open(url.replace(/sig=[^&]+/, 'sig=forged'))).statusCode).toBe(404);
    expect((await open(url.replace(owner.accountId, other.accountId))).statusCode).toBe(404);
    const later = url.replace(/exp=(\d+)/, (_, exp) => `exp=${Number(exp) + 60}`);
    expect((await open(later)).statusCode).toBe(404);
  });

  it('MMS: the attachment is read from the provider with the account credentials, never from another host', async () => {
    const mms = hostMms(sms, smsChannel.config.accountSid as string, 'image/png', image);
    const sid = `SM${'a'.repeat(32)}`;
    const fields = {
      ...inboundSmsFields({ from: '+5511990003002', to: smsChannel.externalId, body: 'foto', sid }),
      NumMedia: '1',
      MediaUrl0: mms.url,
      MediaContentType0: 'image/png',
    };
    const signed = signedTwilioPost(
      smsChannel.secrets.authToken,
      `http://app.test/webhooks/sms/${smsChannel.id}`,
      fields,
    );
    const hook = await ctx.app.inject({
      method: 'POST',
      url: `/webhooks/sms/${smsChannel.id}`,
      headers: signed.headers,
      payload: signed.body,
    });
    expect(hook.statusCode).toBe(200);
    const [message] = await messagesOf(sid);
    // The provider's own address is not handed to the browser.
    expect(message.media!.url).toMatch(/^http:\/\/app\.test\/p\/chat\/inbox\/media\//);
    const res = await open(message.media!.url!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(image)).toBe(true);

    // A stored URL of another host (not the provider's API) is never fetched.
    await queryRows(
      ctx,
      sql`update messages set media = jsonb_set(media, '{url}', '"http://169.254.169.254/latest"')
          where provider_message_id = ${sid}`,
    );
    expect((await open(message.media!.url!)).statusCode).toBe(404);
  });
});
