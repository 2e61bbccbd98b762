import fc from 'fast-check';
import { ERRORS } from '@atende/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannel, visitorSession, webchatBody } from '../modules/inbox/testing/inbox.testing';
import { signUp, type TSignedUp } from '../testing/fixtures';
import { uniqueIp } from '../testing/helpers';
import { startTestApp, type TTestApp } from '../testing/test-app';

let ctx: TTestApp;
let user: TSignedUp;
let slug: string;
let visitorToken: string;

beforeAll(async () => {
  ctx = await startTestApp();
  user = await signUp(ctx);
  const body = webchatBody('Uploads');
  slug = body.slug;
  await createChannel(ctx, user, body);
  visitorToken = (await visitorSession(ctx, slug, {}, uniqueIp()['x-forwarded-for'])).token;
});
afterAll(async () => {
  await ctx.close();
});

const RUNS = 40;

interface TUpload {
  label: string;
  send: (data: Buffer, name: string, lang: string) => Promise<{ statusCode: number; body: string }>;
  names: string[];
}

const raw =
  (url: string, contentType: string, token: string) => (data: Buffer, _name: string, lang: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'accept-language': lang },
      payload: data,
    });

const UPLOADS: TUpload[] = [
  {
    label: 'POST /p/chat/contact/import (CSV import)',
    names: ['contacts.csv'],
    send: (data, name, lang) =>
      raw(`/p/chat/contact/import?acc=${user.accountId}&name=${name}`, 'text/csv', user.token)(
        data,
        name,
        lang,
      ),
  },
  {
    label: 'PUT /g/user/me/avatar (avatar)',
    names: ['image/png', 'image/jpeg', 'image/gif'],
    send: (data, mime, lang) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/g/user/me/avatar',
        headers: { authorization: `Bearer ${user.token}`, 'accept-language': lang },
        payload: { dataUrl: `data:${mime};base64,${data.toString('base64')}` },
      }),
  },
  {
    label: 'POST /p/team-chat/upload (team chat file)',
    names: ['a.png', 'a.jpg', 'a.pdf', 'a.docx', 'a.doc', 'a.xlsx'],
    send: (data, name, lang) =>
      raw(`/p/team-chat/upload?acc=${user.accountId}&name=${name}`, 'application/octet-stream', user.token)(
        data,
        name,
        lang,
      ),
  },
  {
    label: 'POST /p/chat/upload (inbox attachment)',
    names: [
      'a.csv',
      'a.txt',
      'a.png',
      'a.gif',
      'a.webp',
      'a.pdf',
      'a.mp3',
      'a.ogg',
      'a.mp4',
      'a.zip',
      'a.docx',
    ],
    send: (data, name, lang) =>
      raw(`/p/chat/upload?acc=${user.accountId}&name=${name}`, 'application/octet-stream', user.token)(
        data,
        name,
        lang,
      ),
  },
  {
    label: 'POST /webchat/:slug/files (web chat visitor file)',
    names: ['a.png', 'a.pdf', 'a.txt'],
    send: (data, name, lang) =>
      raw(`/webchat/${slug}/files?name=${name}`, 'application/octet-stream', visitorToken)(data, name, lang),
  },
];

/** Random bytes, and random bytes behind a real signature (so the deeper checks run too). */
const bytes = fc.oneof(
  fc.uint8Array({ minLength: 0, maxLength: 2048 }),
  fc
    .tuple(
      fc.constantFrom('89504e470d0a1a0a', 'ffd8ffe0', '474946383961', '25504446', '504b0304', 'efbbbf', ''),
      fc.uint8Array({ maxLength: 1024 }),
    )
    .map(([sig, rest]) => new Uint8Array([...Buffer.from(sig, 'hex'), ...rest])),
  fc
    .string({ unit: 'binary', maxLength: 600 })
    .map((s) => new Uint8Array(Buffer.from(`Nome,Telefone\n${s}`))),
);

function checkEnvelope(res: { statusCode: number; body: string }, label: string) {
  expect(res.statusCode, `${label} → ${res.body}`).toBeLessThan(500);
  const body = JSON.parse(res.body);
  if (res.statusCode >= 400) {
    expect(body.status).toBe(0);
    expect(Object.keys(ERRORS)).toContain(body.code);
  }
}

describe('random bytes under every upload endpoint never yield a 5xx', () => {
  for (const upload of UPLOADS) {
    it(upload.label, async () => {
      await fc.assert(
        fc.asyncProperty(
          bytes,
          fc.constantFrom(...upload.names),
          fc.constantFrom('en', 'pt-BR'),
          async (data, name, lang) => {
            checkEnvelope(await upload.send(Buffer.from(data), name, lang), upload.label);
          },
        ),
        { numRuns: RUNS },
      );
    });
  }
});

describe('content that does not match its type answers a translated 4xx', () => {
  it('a binary file named .csv: 415 IMPORT_NOT_TEXT (was a 500 from the database)', async () => {
    const binary = Buffer.from([0x4e, 0x6f, 0x6d, 0x65, 0x2c, 0x00, 0x01, 0x02, 0xff, 0xfe, 0x0a, 0x00]);
    const [csv] = UPLOADS;
    const en = await csv.send(binary, 'contacts.csv', 'en');
    expect(en.statusCode).toBe(415);
    expect(JSON.parse(en.body)).toMatchObject({
      code: 'IMPORT_NOT_TEXT',
      message: 'This file is not a CSV text file. Save the spreadsheet as CSV and try again.',
    });
    const zipped = await csv.send(Buffer.from('504b0304140000000800', 'hex'), 'contacts.csv', 'pt-BR');
    expect(JSON.parse(zipped.body)).toMatchObject({
      code: 'IMPORT_NOT_TEXT',
      message: 'Este arquivo não é um CSV de texto. Salve a planilha como CSV e tente novamente.',
    });
    // Windows-1252 text (Excel's pt-BR CSV) is still text.
    const latin = await csv.send(
      Buffer.from('Nome;Telefone\nJo\xe3o;11987654321\n', 'latin1'),
      'c.csv',
      'en',
    );
    expect(latin.statusCode).toBe(200);
  });

  it('an inbox or web chat file whose bytes are not what its name says: 415 FILE_CONTENT_INVALID', async () => {
    const inbox = UPLOADS[3];
    const fake = await inbox.send(Buffer.from('not a png at all'), 'foto.png', 'pt-BR');
    expect(fake.statusCode).toBe(415);
    expect(JSON.parse(fake.body)).toMatchObject({
      code: 'FILE_CONTENT_INVALID',
      message: 'O conteúdo do arquivo não corresponde ao tipo dele',
    });
    const nulText = await inbox.send(Buffer.from('a\u0000b'), 'notes.txt', 'en');
    expect(JSON.parse(nulText.body).code).toBe('FILE_CONTENT_INVALID');
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('body')]);
    expect((await inbox.send(png, 'foto.png', 'en')).statusCode).toBe(200);
    // A fresh visitor (the fuzzing above used up the first one's file rate limit).
    visitorToken = (await visitorSession(ctx, slug, {}, uniqueIp()['x-forwarded-for'])).token;
    const visitor = await UPLOADS[4].send(Buffer.from('MZ\x90\x00 program'), 'doc.pdf', 'en');
    expect(JSON.parse(visitor.body)).toMatchObject({ code: 'FILE_CONTENT_INVALID' });
  });
});
