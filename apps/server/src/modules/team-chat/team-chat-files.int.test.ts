import { describe, expect, it } from 'vitest';
import { roomOf, useTeamChat } from './team-chat.testing';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('fake image body')]);
const PDF = Buffer.from('%PDF-1.4\n% a tiny pdf\n');

const chat = useTeamChat();

async function upload(
  user: { token: string },
  accountId: string,
  name: string,
  body: Buffer,
  type = 'application/octet-stream',
) {
  const res = await chat.ctx.app.inject({
    method: 'POST',
    url: `/p/team-chat/upload?acc=${accountId}&name=${encodeURIComponent(name)}`,
    headers: { authorization: `Bearer ${user.token}`, 'content-type': type },
    payload: body,
  });
  return { statusCode: res.statusCode, body: res.json() };
}

describe('team chat files', () => {
  it('uploads an accepted file, sends it in a direct room and lets only that room download it', async () => {
    const up = await upload(chat.owner, chat.owner.accountId, 'relatório mensal.png', PNG, 'image/png');
    expect(up.statusCode).toBe(200);
    expect(up.body.data).toMatchObject({ name: 'relatório mensal', extension: 'png', size: PNG.length });

    const alice = await chat.connect(chat.owner);
    const ack = await alice.call('sendMessage', {
      directUserId: chat.bob.userId,
      content: 'segue o arquivo',
      files: [{ fileId: up.body.data.fileId }],
      tempId: 'f-1',
    });
    expect(ack.status).toBe(1);
    const file = (ack as any).data.files[0];
    expect(file).toMatchObject({ name: 'relatório mensal', extension: 'png', size: PNG.length });
    expect(file.url).toMatch(
      /^\/p\/team-chat\/redirFile\/[0-9a-f-]{36}\/relat%C3%B3rio%20mensal\.png\?messageIndex=1&fileIndex=0$/,
    );

    const asBob = await chat.ctx.app.inject({ method: 'GET', url: `${file.url}&token=${chat.bob.token}` });
    expect(asBob.statusCode).toBe(200);
    expect(asBob.headers['content-type']).toBe('image/png');
    expect(asBob.headers['content-disposition']).toContain('attachment');
    expect(Buffer.from(asBob.rawPayload).equals(PNG)).toBe(true);

    // A member of the account who is not in the direct room, and a user of another account: 404.
    for (const token of [chat.carol.token, chat.stranger.token]) {
      const denied = await chat.ctx.app.inject({ method: 'GET', url: `${file.url}&token=${token}` });
      expect(denied.statusCode).toBe(404);
      expect(denied.json()).toMatchObject({
        code: 'TEAM_CHAT_FILE_NOT_FOUND',
        message: 'Arquivo não encontrado',
      });
    }
    // Without a token: the JWT message; a wrong index or name: 404.
    expect((await chat.ctx.app.inject({ method: 'GET', url: file.url })).json()).toMatchObject({
      message: 'invalid token',
    });
    const wrongIndex = file.url.replace('fileIndex=0', 'fileIndex=1');
    expect(
      (await chat.ctx.app.inject({ method: 'GET', url: `${wrongIndex}&token=${chat.bob.token}` })).statusCode,
    ).toBe(404);
    const wrongName = file.url.replace('.png?', '.pdf?');
    expect(
      (await chat.ctx.app.inject({ method: 'GET', url: `${wrongName}&token=${chat.bob.token}` })).statusCode,
    ).toBe(404);
  });

  it('lets every member of the account download a file sent in the account room', async () => {
    const up = await upload(chat.owner, chat.owner.accountId, 'ata.pdf', PDF, 'application/pdf');
    const alice = await chat.connect(chat.owner);
    const ack = await alice.call('sendMessage', {
      roomId: roomOf(alice, 'account').roomId,
      files: [{ fileId: up.body.data.fileId }],
      tempId: 'f-2',
    });
    const file = (ack as any).data.files[0];
    const asCarol = await chat.ctx.app.inject({
      method: 'GET',
      url: `${file.url}&token=${chat.carol.token}`,
    });
    expect(asCarol.statusCode).toBe(200);
    expect(asCarol.headers['content-type']).toBe('application/pdf');
    const asStranger = await chat.ctx.app.inject({
      method: 'GET',
      url: `${file.url}&token=${chat.stranger.token}`,
    });
    expect(asStranger.statusCode).toBe(404);
  });

  it('refuses other types and content that does not match its extension', async () => {
    for (const [name, body] of [
      ['script.exe', Buffer.from('MZ\x90\x00')],
      ['notes.txt', Buffer.from('plain text')],
      ['fake.png', Buffer.from('not a png at all')],
      ['semextensao', PNG],
    ] as const) {
      const res = await upload(chat.owner, chat.owner.accountId, name, body);
      expect(res.statusCode).toBe(415);
      expect(res.body).toMatchObject({
        code: 'TEAM_CHAT_FILE_TYPE',
        message: 'Só é possível enviar arquivos png, jpeg, pdf, doc, docx e xlsx',
      });
    }
  });

  it('refuses to attach a file uploaded in another account or by someone else', async () => {
    const theirs = await upload(chat.stranger, chat.stranger.accountId, 'deles.png', PNG);
    const bobs = await upload(chat.bob, chat.owner.accountId, 'do-chat.bob.png', PNG);
    const alice = await chat.connect(chat.owner);
    const roomId = roomOf(alice, 'account').roomId;
    for (const fileId of [theirs.body.data.fileId, bobs.body.data.fileId]) {
      const ack = await alice.call('sendMessage', { roomId, files: [{ fileId }], tempId: `f-${fileId}` });
      expect(ack).toMatchObject({ status: 0, code: 'TEAM_CHAT_FILE_NOT_FOUND' });
    }
  });

  it('refuses an upload to an account the user does not belong to', async () => {
    const res = await upload(chat.stranger, chat.owner.accountId, 'x.png', PNG);
    expect(res.statusCode).toBe(404);
    expect(res.body.message).toBe('Invalid acc or user ID');
  });
});
