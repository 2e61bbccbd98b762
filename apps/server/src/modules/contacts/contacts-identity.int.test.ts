import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { createContact, createLegacyDuplicate, uploadCsv, waitForImport } from './contacts.fixtures';

let ctx: TTestApp;
let owner: TSignedUp;
let other: TSignedUp;

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx, { company: 'Identity Co' });
  other = await signUp(ctx, { company: 'Other Identity Co' });
});
afterAll(async () => {
  await ctx.close();
});

const acc = () => owner.accountId;
const call = (method: 'POST' | 'PUT' | 'GET', path: string, body?: unknown, lang = 'en') =>
  api(ctx.app, method, `${path}?acc=${acc()}`, { token: owner.token, body, lang });

describe('identity rule: one live contact per phone (normalised) in an account', () => {
  it('create refuses a phone another contact holds, in any spelling, naming and linking that contact', async () => {
    const maria = await createContact(ctx, owner.token, acc(), {
      name: 'Maria Silva',
      phone: '+55 11 98888-1001',
      email: 'maria@example.com',
    });
    const en = await call('POST', '/p/chat/contact', {
      data: { name: 'João Pereira', phone: '11988881001' },
    });
    expect(en.statusCode).toBe(409);
    expect(en.body).toMatchObject({
      status: 0,
      code: 'CONTACT_PHONE_EXISTS',
      message: 'This phone already belongs to the contact Maria Silva',
      details: { contactId: maria._id, name: 'Maria Silva' },
    });
    const pt = await call(
      'POST',
      '/p/chat/contact',
      { data: { name: 'João', phone: '(11) 98888-1001' } },
      'pt-BR',
    );
    expect(pt.statusCode).toBe(409);
    expect(pt.body.message).toBe('Este telefone já pertence ao contato Maria Silva');
    // Another account may hold the same phone.
    await createContact(ctx, other.token, other.accountId, { name: 'Outra', phone: '11988881001' });
    // A deleted contact does not hold its phone.
    const gone = await createContact(ctx, owner.token, acc(), { name: 'Gone', phone: '11988881002' });
    await api(ctx.app, 'DELETE', `/p/chat/contact/${gone._id}?acc=${acc()}`, { token: owner.token });
    const again = await call('POST', '/p/chat/contact', { data: { name: 'New', phone: '11988881002' } });
    expect(again.statusCode).toBe(200);
    // ...and restoring it would break the rule.
    const restore = await call('POST', `/p/chat/contact/${gone._id}/restore`);
    expect(restore.statusCode).toBe(409);
    expect((restore.body as { details?: { contactId: string } }).details?.contactId).toBe(
      again.body.data._id,
    );
  });

  it('update refuses moving to a held phone; other edits of a contact keep working', async () => {
    const a = await createContact(ctx, owner.token, acc(), { name: 'A', phone: '11988882001' });
    const b = await createContact(ctx, owner.token, acc(), { name: 'B', phone: '11988882002' });
    const moved = await call('PUT', `/p/chat/contact/${b._id}`, { data: { phone: '+55 11 98888-2001' } });
    expect(moved.statusCode).toBe(409);
    expect(moved.body).toMatchObject({ code: 'CONTACT_PHONE_EXISTS', details: { contactId: a._id } });
    const renamed = await call('PUT', `/p/chat/contact/${a._id}`, {
      data: { name: 'A2', phone: '11988882001' },
    });
    expect(renamed.statusCode).toBe(200);
    const cleared = await call('PUT', `/p/chat/contact/${b._id}`, { data: { phone: null } });
    expect(cleared.statusCode).toBe(200);
  });

  it('concurrent creates of one phone: exactly one passes (the per-phone lock)', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('POST', '/p/chat/contact', { data: { name: `Racer ${i}`, phone: '11988883001' } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200))
      expect(r.body.code).toBe('CONTACT_PHONE_EXISTS');
  });
});

describe('CSV import preview says per row what will happen', () => {
  it('create / update <name> (name differs flagged) / skip, and the skip choice leaves the contact as it is', async () => {
    const maria = await createContact(ctx, owner.token, acc(), {
      name: 'Maria Silva',
      phone: '11977770001',
      email: 'maria@example.com',
    });
    const csv = [
      'Nome,Telefone,E-mail',
      'João Pereira,(11) 97777-0001,joao@example.com',
      'maria silva,11 97777-0001,',
      'Nova Pessoa,11 97777-0002,',
      'Nova Pessoa 2,11 97777-0002,',
      'Sem Telefone,,',
    ].join('\n');
    const up = await uploadCsv(ctx, owner.token, acc(), csv, 'conflict.csv');
    expect(up.statusCode).toBe(200);
    const imp = up.body.data;
    const preview = await call('POST', `/p/chat/contact/import/${imp._id}/preview`, {
      mapping: imp.suggestedMapping,
    });
    expect(preview.statusCode).toBe(200);
    const rows = preview.body.data as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.line, r.action, r.nameDiffers, r.sameAsLine])).toEqual([
      [2, 'update', true, null],
      [3, 'update', false, 2],
      [4, 'create', false, null],
      [5, 'update', false, 4],
      [6, 'skip', false, null],
    ]);
    expect(rows[0].existing).toEqual({ _id: maria._id, name: 'Maria Silva', email: 'maria@example.com' });

    const skipping = await call('POST', `/p/chat/contact/import/${imp._id}/preview`, {
      mapping: imp.suggestedMapping,
      existing: 'skip',
    });
    expect((skipping.body.data as Array<{ action: string }>).map((r) => r.action)).toEqual([
      'skip',
      'skip',
      'create',
      'update',
      'skip',
    ]);
    const bad = await call('POST', `/p/chat/contact/import/${imp._id}/preview`, {
      mapping: imp.suggestedMapping,
      existing: 'create',
    });
    expect(bad.statusCode).toBe(400);

    const start = await call('POST', `/p/chat/contact/import/${imp._id}/start`, {
      mapping: imp.suggestedMapping,
      existing: 'skip',
    });
    expect(start.statusCode).toBe(200);
    const done = await waitForImport(ctx, owner.token, acc(), imp._id);
    expect(done).toMatchObject({ status: 'completed', inserted: 1, updated: 0, errors: 1 });
    const after = await call('GET', `/p/chat/contact/${maria._id}`);
    expect(after.body.data).toMatchObject({ name: 'Maria Silva', email: 'maria@example.com' });
  });

  it('update (the default) writes the row onto the one live contact; legacy duplicates: the oldest', async () => {
    const first = await createContact(ctx, owner.token, acc(), { name: 'Primeiro', phone: '11977771001' });
    await createLegacyDuplicate(ctx, owner.token, acc(), '+5511977771001', { name: 'Segundo' });
    const up = await uploadCsv(ctx, owner.token, acc(), 'Nome,Telefone\nPrimeiro Atualizado,11977771001\n');
    const imp = up.body.data;
    const preview = await call('POST', `/p/chat/contact/import/${imp._id}/preview`, {
      mapping: imp.suggestedMapping,
    });
    expect(preview.body.data[0]).toMatchObject({
      action: 'update',
      existing: { _id: first._id, name: 'Primeiro' },
    });
    await call('POST', `/p/chat/contact/import/${imp._id}/start`, { mapping: imp.suggestedMapping });
    const done = await waitForImport(ctx, owner.token, acc(), imp._id);
    expect(done).toMatchObject({ status: 'completed', inserted: 0, updated: 1 });
    const after = await call('GET', `/p/chat/contact/${first._id}`);
    expect(after.body.data.name).toBe('Primeiro Atualizado');
  });
});
