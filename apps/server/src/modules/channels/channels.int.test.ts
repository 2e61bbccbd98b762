import { describe, expect, it } from 'vitest';
import { NOT_AUTHORIZED, useTwoAccounts } from '../../testing/app-fixtures';
import { member, smsBody, webchatBody, whatsappBody } from '../inbox/testing/inbox.testing';

const setup = useTwoAccounts();

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  token = setup.owner.token,
  body?: unknown,
  acc = setup.owner.accountId,
) => setup.call(method, path, { token, body, acc });

describe('channels (admin settings)', () => {
  it('creates each kind; secrets never come back, only whether they are configured; URLs from APP_URL', async () => {
    const wa = await call('POST', '/p/chat/channels', setup.owner.token, whatsappBody());
    expect(wa.statusCode).toBe(200);
    const channel = wa.body.data;
    expect(channel).toMatchObject({
      kind: 'whatsapp-cloud',
      status: 'active',
      configured: { accessToken: true, appSecret: true, verifyToken: true },
      webhookUrl: `http://app.test/webhooks/whatsapp-cloud/${channel._id}`,
    });
    expect(JSON.stringify(wa.body)).not.toContain('EAAG-secret');
    expect(JSON.stringify(wa.body)).not.toContain('app-secret');

    const sms = await call('POST', '/p/chat/channels', setup.owner.token, smsBody());
    expect(sms.body.data).toMatchObject({ kind: 'sms', configured: { authToken: true } });
    expect(JSON.stringify(sms.body)).not.toContain('secret-token');

    const web = webchatBody('Loja');
    const chat = await call('POST', '/p/chat/channels', setup.owner.token, web);
    expect(chat.body.data).toMatchObject({
      kind: 'webchat',
      webhookUrl: null,
      chatUrl: `http://app.test/chat/${web.slug}`,
      widgetUrl: `http://app.test/widget/${web.slug}.js`,
    });

    const list = await call('GET', '/p/chat/channels');
    expect(list.body.data.map((c: { kind: string }) => c.kind)).toEqual(['whatsapp-cloud', 'sms', 'webchat']);
    expect(JSON.stringify(list.body)).not.toContain('EAAG-secret');
  });

  it('an update without secrets keeps them; the kind cannot change', async () => {
    const body = whatsappBody();
    const created = (await call('POST', '/p/chat/channels', setup.owner.token, body)).body.data;
    const { accessToken: _a, appSecret: _b, verifyToken: _c, ...rest } = body;
    const updated = await call('PUT', `/p/chat/channels/${created._id}`, setup.owner.token, {
      ...rest,
      name: 'Vendas',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'Vendas',
      configured: { accessToken: true, appSecret: true, verifyToken: true },
    });
    const changed = await call('PUT', `/p/chat/channels/${created._id}`, setup.owner.token, smsBody());
    expect(changed.statusCode).toBe(400);
    expect(changed.body.code).toBe('VALIDATION_FAILED');
  });

  it('a number or slug connected anywhere answers CHANNEL_IN_USE', async () => {
    const body = whatsappBody();
    expect((await call('POST', '/p/chat/channels', setup.owner.token, body)).statusCode).toBe(200);
    const again = await call('POST', '/p/chat/channels', setup.other.token, body, setup.other.accountId);
    expect(again.statusCode).toBe(409);
    expect(again.body).toMatchObject({
      code: 'CHANNEL_IN_USE',
      message: 'This number or address is already connected to an account',
    });
  });

  it('validates with the shared messages', async () => {
    const res = await call('POST', '/p/chat/channels', setup.owner.token, {
      ...webchatBody(),
      slug: 'Not a slug!',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.fields).toEqual([{ path: 'slug', key: 'invalid', message: 'Invalid value' }]);
    const wa = await call('POST', '/p/chat/channels', setup.owner.token, {
      ...whatsappBody(),
      accessToken: '',
    });
    expect(wa.body.fields).toEqual([
      { path: 'accessToken', key: 'required', message: 'This field is required' },
    ]);
  });

  it('is admin-only and isolated per account; a deleted channel is gone', async () => {
    const operator = await member(setup.ctx, setup.owner, 'operator');
    const manager = await member(setup.ctx, setup.owner, 'manager');
    for (const token of [operator.token, manager.token]) {
      const res = await call('GET', '/p/chat/channels', token);
      expect(res.statusCode).toBe(403);
      expect(res.body.message).toBe(NOT_AUTHORIZED);
      expect((await call('POST', '/p/chat/channels', token, webchatBody())).statusCode).toBe(403);
    }
    const created = (await call('POST', '/p/chat/channels', setup.owner.token, webchatBody())).body.data;
    const asOther = (method: 'GET' | 'DELETE') =>
      call(method, `/p/chat/channels/${created._id}`, setup.other.token, undefined, setup.other.accountId);
    const foreign = await asOther('GET');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.code).toBe('CHANNEL_NOT_FOUND');
    const foreignDelete = await asOther('DELETE');
    expect(foreignDelete.statusCode).toBe(404);
    expect((await call('DELETE', `/p/chat/channels/${created._id}`)).statusCode).toBe(200);
    expect((await call('GET', `/p/chat/channels/${created._id}`)).statusCode).toBe(404);
  });
});
