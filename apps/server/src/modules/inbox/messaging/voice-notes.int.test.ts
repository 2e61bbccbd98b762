import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOggPages } from '../../../providers/whatsapp-cloud/ogg';
import { readWebmOpus } from '../../../providers/whatsapp-cloud/webm-to-ogg';
import { FakeWhatsApp } from '../../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { until } from '../../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../../testing/test-app';
import {
  createChannel,
  member,
  seedConversation,
  type TMember,
  webchatBody,
  whatsappBody,
  withAcc,
} from '../testing/inbox.testing';

/** A voice note as Chromium's MediaRecorder records it (audio/webm, Opus). */
const WEBM = readFileSync(
  fileURLToPath(new URL('../../../providers/whatsapp-cloud/fixtures/voice-note.webm', import.meta.url)),
);

let ctx: TTestApp;
let wa: FakeWhatsApp;
let owner: TSignedUp;
let other: TSignedUp;
let ana: TMember;
let whatsapp: string;
let web: string;

beforeAll(async () => {
  wa = new FakeWhatsApp();
  ctx = await startTestApp({ WHATSAPP_GRAPH_URL: await wa.start() });
  owner = await signUp(ctx);
  other = await signUp(ctx);
  ana = await member(ctx, owner, 'operator');
  whatsapp = (await createChannel(ctx, owner, whatsappBody()))._id;
  web = (await createChannel(ctx, owner, webchatBody()))._id;
});
afterAll(async () => {
  await ctx.close();
  await wa.stop();
});

const mine = (channelId: string) =>
  seedConversation(ctx, owner.accountId, {
    channelId,
    stage: 'attendance',
    assigneeId: ana.userId,
    phone: `+55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  });
const send = (id: string, body: unknown, token = ana.token, acc = owner.accountId) =>
  api(ctx.app, 'POST', withAcc(`/p/chat/conversation/${id}/messages`, acc), { token, body, lang: 'en' });

async function upload(name: string, data: Buffer, token = ana.token, acc = owner.accountId) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: withAcc(`/p/chat/upload?name=${encodeURIComponent(name)}`, acc),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    payload: data,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { fileId: string; name: string; mimeType: string; size: number };
}

describe('voice notes to WhatsApp', () => {
  it('a WebM/Opus recording goes out as audio/ogg (Opus), remuxed: OggS pages with valid CRCs and the same packets', async () => {
    const voice = await upload('voice-2026-11-25.weba', WEBM);
    expect(voice.mimeType).toBe('audio/webm');
    const { conversationId } = await mine(whatsapp);
    const res = await send(conversationId, { clientId: 'voice-1', files: [voice.fileId] });
    expect(res.statusCode).toBe(200);
    expect(res.body.data[0]).toMatchObject({
      kind: 'audio',
      media: { mimeType: 'audio/ogg', fileName: 'voice-2026-11-25.ogg' },
    });

    const sent = await until(async () => wa.sends.find((s) => s.body.to && s.body.type === 'audio'));
    expect(sent.body.audio.caption).toBeUndefined();
    // What WhatsApp downloads from the message's link.
    const link = new URL(sent.body.audio.link);
    expect(decodeURIComponent(link.pathname)).toMatch(/\/voice-2026-11-25\.ogg$/);
    const media = await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toMatch(/^audio\/ogg/);
    const ogg = media.rawPayload;
    expect(ogg.subarray(0, 4).toString('latin1')).toBe('OggS');
    const pages = readOggPages(ogg);
    expect(pages.every((p) => p.crcValid)).toBe(true);
    expect(pages[0]!.packets[0]!.toString('latin1', 0, 8)).toBe('OpusHead');
    expect(pages[1]!.packets[0]!.toString('latin1', 0, 8)).toBe('OpusTags');
    expect(pages.slice(2).flatMap((p) => p.packets)).toEqual(readWebmOpus(WEBM).packets);
  });

  it('the web chat keeps the recording as it is (audio/webm)', async () => {
    const voice = await upload('voice-web.weba', WEBM);
    const { conversationId } = await mine(web);
    const res = await send(conversationId, { clientId: 'voice-web-1', files: [voice.fileId] });
    expect(res.statusCode).toBe(200);
    expect(res.body.data[0]).toMatchObject({
      kind: 'audio',
      media: { mimeType: 'audio/webm', fileName: 'voice-web.weba' },
    });
  });

  it('a WebM without Opus audio is refused for WhatsApp with the catalogue message', async () => {
    // An EBML header and nothing playable.
    const broken = await upload('broken.weba', Buffer.from('1a45dfa3840000000000', 'hex'));
    const { conversationId } = await mine(whatsapp);
    const res = await send(conversationId, { clientId: 'voice-bad', files: [broken.fileId] });
    expect(res.statusCode).toBe(415);
    expect(res.body).toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: 'This file type is not allowed on this channel',
    });
  });

  it("another account's recording cannot be sent", async () => {
    const foreign = await upload('voice-other.weba', WEBM, other.token, other.accountId);
    const { conversationId } = await mine(whatsapp);
    const res = await send(conversationId, { clientId: 'voice-foreign', files: [foreign.fileId] });
    expect(res.body.code).toBe('FILE_UPLOAD_ERROR');
  });
});
