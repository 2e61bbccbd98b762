import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTwoAccounts } from '../../testing/app-fixtures';
import { addMember, uniqueEmail } from '../../testing/fixtures';
import { queryRows } from '../../testing/helpers';
import { api } from '../../testing/test-app';
import { createKeyEntity } from './departments.testing';

const setup = useTwoAccounts();
const { call } = setup;

describe('key entities', () => {
  it("admins manage the account's list; a duplicate name is 'Entity already exists', a duplicate alias the spec's alias message", async () => {
    const created = await call('POST', '/p/chat/entities', {
      body: { name: 'CPF', alias: 'cpf', type: 'cpf' },
    });
    expect(created.statusCode).toBe(200);
    expect(created.body.data).toMatchObject({ name: 'CPF', alias: '$cpf', type: 'cpf', validation: '' });

    const dupName = await call('POST', '/p/chat/entities', { body: { name: 'cpf', alias: '$documento' } });
    expect(dupName.statusCode).toBe(409);
    expect(dupName.body).toMatchObject({ code: 'ENTITY_EXISTS', message: 'Entity already exists' });
    const dupAlias = await call('POST', '/p/chat/entities', { body: { name: 'Documento', alias: '$CPF' } });
    expect(dupAlias.statusCode).toBe(409);
    expect(dupAlias.body).toMatchObject({
      code: 'ALIAS_IN_USE',
      message: 'The alias provided for "Documento" is already in use. Please choose a different one.',
    });
    const pt = await call('POST', '/p/chat/entities', {
      body: { name: 'Documento', alias: '$cpf' },
      lang: 'pt-BR',
    });
    expect(pt.body.message).toBe(
      'O apelido informado para "Documento" já está em uso. Por favor, escolha outro.',
    );

    const badAlias = await call('POST', '/p/chat/entities', { body: { name: 'E-mail', alias: '$e mail' } });
    expect(badAlias.body.fields![0]).toMatchObject({ path: 'alias', key: 'invalid' });
    const badRegex = await call('POST', '/p/chat/entities', {
      body: { name: 'Placa', alias: '$placa', validation: '([a-z' },
    });
    expect(badRegex.body.fields![0]).toMatchObject({ path: 'validation', key: 'invalid' });

    const id = created.body.data._id;
    const renamed = await call('PUT', `/p/chat/entities/${id}`, {
      body: { name: 'CPF do cliente', alias: '$cpf', type: 'cpf' },
    });
    expect(renamed.body.data).toMatchObject({ name: 'CPF do cliente', alias: '$cpf' });
    // The other account may use the same names.
    const theirs = await call('POST', '/p/chat/entities', {
      token: setup.other.token,
      acc: setup.other.accountId,
      body: { name: 'CPF do cliente', alias: '$cpf' },
    });
    expect(theirs.statusCode).toBe(200);
    expect(
      (await call('PUT', `/p/chat/entities/${theirs.body.data._id}`, { body: { name: 'x', alias: '$x' } }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/p/chat/entities/${theirs.body.data._id}`)).statusCode).toBe(404);
    const mine = (await call('GET', '/p/chat/entities')).body.data.map((e: { _id: string }) => e._id);
    expect(mine).toContain(id);
    expect(mine).not.toContain(theirs.body.data._id);
  });

  it('a member sees the entities they are allowed (all when none is set; managers all); only admins manage', async () => {
    const { ctx, owner } = setup;
    const email = await createKeyEntity(ctx, owner, 'E-mail', '$email', 'email');
    const nome = await createKeyEntity(ctx, owner, 'Nome', '$nome');
    const operator = await addMember(ctx, owner, 'operator');
    const limited = await addMember(ctx, owner, 'operator');
    const manager = await addMember(ctx, owner, 'manager');
    const set = await api(ctx.app, 'PUT', `/g/acc/${owner.accountId}/users/${limited.userId}`, {
      token: owner.token,
      body: { entities: [nome] },
    });
    expect(set.statusCode).toBe(200);
    await api(ctx.app, 'PUT', `/g/acc/${owner.accountId}/users/${manager.userId}`, {
      token: owner.token,
      body: { entities: [nome] },
    });
    const ids = async (token: string) =>
      (await call('GET', '/p/chat/entities', { token })).body.data.map((e: { _id: string }) => e._id);
    expect(await ids(operator.token)).toEqual(expect.arrayContaining([email, nome]));
    expect(await ids(limited.token)).toEqual([nome]);
    expect(await ids(manager.token)).toEqual(expect.arrayContaining([email, nome]));
    expect(
      (await call('POST', '/p/chat/entities', { token: manager.token, body: { name: 'a', alias: '$a' } }))
        .statusCode,
    ).toBe(403);

    const unknown = await api(ctx.app, 'POST', '/g/user/invite', {
      token: owner.token,
      body: {
        email: uniqueEmail('g'),
        acc: owner.accountId,
        acl: 'operator',
        intentions: [],
        entities: ['$cpf'],
      },
      lang: 'en',
    });
    expect(unknown.body).toMatchObject({
      code: 'KEY_ENTITY_UNKNOWN',
      message: 'One of the entities does not exist',
    });

    // Deleted: members forget it.
    expect((await call('DELETE', `/p/chat/entities/${nome}`)).statusCode).toBe(200);
    const [row] = await queryRows<{ entities: string[] }>(
      ctx,
      sql`select entities from account_members where account_id = ${owner.accountId} and user_id = ${limited.userId}`,
    );
    expect(row.entities).toEqual([]);
  });
});
