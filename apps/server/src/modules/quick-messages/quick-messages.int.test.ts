import { describe, expect, it } from 'vitest';
import { useTwoAccounts } from '../../testing/app-fixtures';
import { createChannel, member, seedConversation, smsBody } from '../inbox/testing/inbox.testing';
import { renderQuickMessage } from './quick-messages.service';

const setup = useTwoAccounts();
const { call } = setup;

describe('renderQuickMessage', () => {
  it('fills the known variables and leaves unknown ones as typed', () => {
    expect(
      renderQuickMessage('Olá {{name}} ({{ firstName }}), sou {{operator}}. Seu número {{phone}}. {{cpf}}', {
        name: 'Maria Souza',
        firstName: 'Maria',
        phone: '+5511987654321',
        operator: 'Ana',
      }),
    ).toBe('Olá Maria Souza (Maria), sou Ana. Seu número +5511987654321. {{cpf}}');
    expect(renderQuickMessage('E-mail: {{email}}', {})).toBe('E-mail: ');
  });
});

describe('quick messages', () => {
  it('admins create them with a unique shortcut; empty text is refused with the spec message', async () => {
    const created = await call('POST', '/p/chat/quick-messages', {
      body: { shortcut: '/ola', text: 'Olá {{name}}, aqui é {{operator}}!' },
    });
    expect(created.statusCode).toBe(200);
    expect(created.body.data).toMatchObject({ shortcut: 'ola', text: 'Olá {{name}}, aqui é {{operator}}!' });
    const dup = await call('POST', '/p/chat/quick-messages', { body: { shortcut: 'OLA', text: 'x' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.body).toMatchObject({
      code: 'QUICK_MESSAGE_SHORTCUT_IN_USE',
      message: 'This shortcut is already in use',
    });
    const empty = await call('POST', '/p/chat/quick-messages', { body: { shortcut: 'vazio', text: '   ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.body.fields).toEqual([
      { path: 'text', key: 'quickMessageEmpty', message: 'Quick message field empty not allowed' },
    ]);
    const pt = await call('POST', '/p/chat/quick-messages', { body: { shortcut: 'vazio' }, lang: 'pt-BR' });
    expect(pt.body.fields![0].message).toBe('Campo de mensagem rápida vazio não permitido');
    const badShortcut = await call('POST', '/p/chat/quick-messages', {
      body: { shortcut: 'com espaço', text: 'x' },
    });
    expect(badShortcut.body.fields![0]).toMatchObject({ path: 'shortcut', key: 'invalid' });
  });

  it('every member reads them and renders one for a conversation they see; only admins manage them', async () => {
    const operator = await member(setup.ctx, setup.owner, 'operator');
    const qm = (
      await call('POST', '/p/chat/quick-messages', {
        body: { shortcut: 'saudacao', text: 'Oi {{firstName}}! Sou {{operator}}. Confirma o {{phone}}?' },
      })
    ).body.data;
    const list = await call('GET', '/p/chat/quick-messages', { token: operator.token });
    expect(list.body.data.map((q: { shortcut: string }) => q.shortcut)).toContain('saudacao');
    expect(
      (
        await call('POST', '/p/chat/quick-messages', {
          token: operator.token,
          body: { shortcut: 'x', text: 'y' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/p/chat/quick-messages/${qm._id}`, { token: operator.token })).statusCode,
    ).toBe(403);

    const channel = await createChannel(setup.ctx, setup.owner, smsBody());
    const { conversationId } = await seedConversation(setup.ctx, setup.owner.accountId, {
      channelId: channel._id,
      name: 'Maria Souza',
      phone: '+5511987654321',
      stage: 'attendance',
      assigneeId: operator.userId,
    });
    const rendered = await call(
      'GET',
      `/p/chat/quick-messages/${qm._id}/render?conversationId=${conversationId}`,
      {
        token: operator.token,
      },
    );
    expect(rendered.statusCode).toBe(200);
    expect(rendered.body.data.text).toBe('Oi Maria! Sou Member operator. Confirma o +5511987654321?');

    // Another operator's conversation is not theirs to render into.
    const second = await member(setup.ctx, setup.owner, 'operator');
    const hidden = await call(
      'GET',
      `/p/chat/quick-messages/${qm._id}/render?conversationId=${conversationId}`,
      {
        token: second.token,
      },
    );
    expect(hidden.statusCode).toBe(404);
  });

  it('are isolated per account', async () => {
    const qm = (await call('POST', '/p/chat/quick-messages', { body: { shortcut: 'isolado', text: 'x' } }))
      .body.data;
    const list = await call('GET', '/p/chat/quick-messages', {
      token: setup.other.token,
      acc: setup.other.accountId,
    });
    expect(list.body.data).toEqual([]);
    const put = await call('PUT', `/p/chat/quick-messages/${qm._id}`, {
      token: setup.other.token,
      acc: setup.other.accountId,
      body: { shortcut: 'isolado', text: 'hack' },
    });
    expect(put.statusCode).toBe(404);
    expect(put.body.code).toBe('QUICK_MESSAGE_NOT_FOUND');
    // The same shortcut is free in another account.
    const same = await call('POST', '/p/chat/quick-messages', {
      token: setup.other.token,
      acc: setup.other.accountId,
      body: { shortcut: 'isolado', text: 'y' },
    });
    expect(same.statusCode).toBe(200);
    expect(
      (await call('PUT', `/p/chat/quick-messages/${qm._id}`, { body: { shortcut: 'isolado2', text: 'z' } }))
        .body.data.text,
    ).toBe('z');
  });
});
