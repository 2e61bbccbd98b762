import { describe, expect, it } from 'vitest';
import { useTwoAccounts } from '../../testing/app-fixtures';
import { createContact } from '../contacts/contacts.fixtures';
import { webchatBody } from '../inbox/testing/inbox.testing';

const setup = useTwoAccounts();

type TEntry = { action: string; target: string; details: Record<string, unknown>; userId: string | null };

async function entries(acc = setup.owner.accountId, token = setup.owner.token): Promise<TEntry[]> {
  const res = await setup.call('GET', '/p/activity-log?limit=100', { acc, token });
  expect(res.statusCode).toBe(200);
  return res.body.data.items;
}

const latest = async (action: string) => (await entries()).find((e) => e.action === action);

describe('the activity log records configuration and data changes (who, what, before/after)', () => {
  it('channels: created, changed (fields with before → after, secrets never), deleted', async () => {
    const body = webchatBody('Loja');
    const created = await setup.call('POST', '/p/chat/channels', { body });
    expect(created.statusCode).toBe(200);
    const id = created.body.data._id;
    expect(await latest('channel.created')).toMatchObject({
      target: 'Loja',
      details: { kind: 'webchat' },
      userId: setup.owner.userId,
    });
    const updated = await setup.call('PUT', `/p/chat/channels/${id}`, {
      body: { ...body, name: 'Loja Centro', color: '#112233' },
    });
    expect(updated.statusCode).toBe(200);
    const change = await latest('channel.updated');
    expect(change?.target).toBe('Loja Centro');
    expect(change?.details.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', from: 'Loja', to: 'Loja Centro' },
        expect.objectContaining({ field: 'color', to: '#112233' }),
      ]),
    );
    expect((await setup.call('DELETE', `/p/chat/channels/${id}`)).statusCode).toBe(200);
    expect(await latest('channel.deleted')).toMatchObject({ target: 'Loja Centro' });
  });

  it('settings: only the fields that changed, with their values', async () => {
    const res = await setup.call('PUT', '/p/chat/settings', { body: { hideWaitingTab: true, loadSize: 80 } });
    expect(res.statusCode).toBe(200);
    const entry = await latest('settings.updated');
    expect(entry?.details.changes).toEqual(
      expect.arrayContaining([
        { field: 'hideWaitingTab', from: false, to: true },
        { field: 'loadSize', from: expect.any(Number), to: 80 },
      ]),
    );
    const before = (await entries()).length;
    await setup.call('PUT', '/p/chat/settings', { body: { hideWaitingTab: true } });
    expect((await entries()).length).toBe(before);
  });

  it('closing reasons and quick messages: created, renamed, deleted', async () => {
    const reason = await setup.call('POST', '/p/chat/closing-reasons', {
      body: { name: 'Venda', subReasons: [] },
    });
    expect(reason.statusCode).toBe(200);
    await setup.call('PUT', `/p/chat/closing-reasons/${reason.body.data._id}`, {
      body: { name: 'Venda feita', subReasons: ['Online'] },
    });
    await setup.call('DELETE', `/p/chat/closing-reasons/${reason.body.data._id}`);
    expect(await latest('closing_reason.created')).toMatchObject({ target: 'Venda' });
    expect((await latest('closing_reason.updated'))?.details.changes).toEqual([
      { field: 'name', from: 'Venda', to: 'Venda feita' },
      { field: 'subReasons', from: '', to: 'Online' },
    ]);
    expect(await latest('closing_reason.deleted')).toMatchObject({ target: 'Venda feita' });

    const quick = await setup.call('POST', '/p/chat/quick-messages', {
      body: { shortcut: 'oi', text: 'Olá!' },
    });
    expect(quick.statusCode).toBe(200);
    await setup.call('PUT', `/p/chat/quick-messages/${quick.body.data._id}`, {
      body: { shortcut: 'ola', text: 'Olá!' },
    });
    await setup.call('DELETE', `/p/chat/quick-messages/${quick.body.data._id}`);
    expect(await latest('quick_message.created')).toMatchObject({ target: '/oi' });
    expect((await latest('quick_message.updated'))?.details.changes).toEqual([
      { field: 'shortcut', from: 'oi', to: 'ola' },
    ]);
    expect(await latest('quick_message.deleted')).toMatchObject({ target: '/ola' });
  });

  it('contacts: deleted, restored and merged, by name; another account sees none of it', async () => {
    const ana = await createContact(setup.ctx, setup.owner.token, setup.owner.accountId, {
      name: 'Ana Lima',
      phone: '+5511955550001',
      email: 'ana@example.com',
    });
    await setup.call('DELETE', `/p/chat/contact/${ana._id}`);
    expect(await latest('contact.deleted')).toMatchObject({ target: 'Ana Lima' });
    await setup.call('POST', `/p/chat/contact/${ana._id}/restore`);
    expect(await latest('contact.restored')).toMatchObject({ target: 'Ana Lima' });
    const twin = await createContact(setup.ctx, setup.owner.token, setup.owner.accountId, {
      name: 'Ana L.',
      email: 'ana@example.com',
    });
    const merged = await setup.call('POST', '/p/chat/contact/merge', {
      body: { targetId: ana._id, sourceIds: [twin._id] },
    });
    expect(merged.statusCode).toBe(200);
    expect(await latest('contacts.merged')).toMatchObject({
      target: 'Ana Lima',
      details: { merged: ['Ana L.'] },
    });

    const theirs = await entries(setup.other.accountId, setup.other.token);
    expect(theirs.filter((e) => !['account.created', 'auth.login'].includes(e.action))).toEqual([]);
  });
});
