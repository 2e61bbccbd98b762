import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoAccounts } from '../../testing/app-fixtures';
import { queryRows } from '../../testing/helpers';
import { createKeyEntity } from './departments.testing';

const setup = useTwoAccounts();
const { call } = setup;

beforeAll(async () => {
  await createKeyEntity(setup.ctx, setup.owner, 'CPF', '$cpf', 'cpf');
  await createKeyEntity(setup.ctx, setup.owner, 'E-mail de cobrança', '$cobranca', 'email');
  await createKeyEntity(setup.ctx, setup.owner, 'Pontos', '$pontos', 'number');
  await createKeyEntity(setup.ctx, setup.owner, 'Nascimento', '$nascimento', 'date');
  // The other account's definition of the same alias never applies here.
  await createKeyEntity(setup.ctx, setup.other, 'Placa', '$placa', 'number');
});

const create = (customFields: Record<string, unknown>, lang: 'en' | 'pt-BR' = 'en') =>
  call('POST', '/p/chat/contact', { body: { data: { name: 'Rita', customFields } }, lang });

describe("custom-field values take their key entity's validation (issue 13)", () => {
  it('refuses values that do not fit the type, with the translated message of each field', async () => {
    const res = await create({ cpf: '123', cobranca: 'rita-at-mail', pontos: 'muitos', nascimento: '31/02' });
    expect(res.statusCode).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.message).toBe('Please correct all errors in your form');
    expect(res.body.fields).toEqual([
      { path: 'data.customFields.cpf', key: 'invalid', message: 'Invalid value' },
      { path: 'data.customFields.cobranca', key: 'email', message: 'Insert a valid e-mail' },
      { path: 'data.customFields.pontos', key: 'invalid', message: 'Invalid value' },
      { path: 'data.customFields.nascimento', key: 'invalid', message: 'Invalid value' },
    ]);
    const pt = await create({ cobranca: 'x' }, 'pt-BR');
    expect(pt.body.fields).toEqual([
      { path: 'data.customFields.cobranca', key: 'email', message: 'Insira um e-mail válido' },
    ]);
    const [{ n }] = await queryRows<{ n: number }>(
      setup.ctx,
      sql`select count(*)::int as n from contacts where account_id = ${setup.owner.accountId} and name = 'Rita'`,
    );
    expect(n).toBe(0);
  });

  it('accepts fitting values, fields without a definition, and another account’s aliases as free text', async () => {
    const res = await create({
      cpf: '123.456.789-09',
      cobranca: 'rita@example.com',
      pontos: '42',
      nascimento: '1990-05-17',
      apelido: 'qualquer coisa',
      placa: 'ABC-1234',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.customFields).toMatchObject({ cpf: '123.456.789-09', placa: 'ABC-1234' });
  });

  it('on update only changed values are checked: an older value does not block other edits', async () => {
    const created = await create({ pontos: '10' });
    const id = created.body.data._id as string;
    // A value written before the definition existed (e.g. an import).
    await queryRows(
      setup.ctx,
      sql`update contacts set custom_fields = ${JSON.stringify({ pontos: '10', cpf: 'antigo' })}::jsonb where id = ${id}`,
    );
    const other = await call('PUT', `/p/chat/contact/${id}`, {
      body: { data: { name: 'Rita', customFields: { pontos: '11', cpf: 'antigo' } } },
    });
    expect(other.statusCode).toBe(200);
    const bad = await call('PUT', `/p/chat/contact/${id}`, {
      body: { data: { name: 'Rita', customFields: { pontos: 'onze', cpf: 'antigo' } } },
      lang: 'pt-BR',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.fields).toEqual([
      { path: 'data.customFields.pontos', key: 'invalid', message: 'Valor inválido' },
    ]);
  });
});
