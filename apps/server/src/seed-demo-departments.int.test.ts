import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDepartments } from './seed-demo-departments';
import { signUp, type TSignedUp } from './testing/fixtures';
import { api, startTestApp, type TTestApp } from './testing/test-app';

/** The demo account's departments and key entities (seed-demo.ts calls this first). */
describe('demo departments', () => {
  let ctx: TTestApp;
  let owner: TSignedUp;

  beforeAll(async () => {
    ctx = await startTestApp();
    owner = await signUp(ctx);
  });
  afterAll(() => ctx?.close());

  it('are records of the account, listed to its members, with their distribution settings', async () => {
    await seedDemoDepartments(ctx.app, owner.accountId, {
      userId: owner.userId,
      ip: '127.0.0.1',
      lang: 'pt-BR',
    });
    const list = await api(ctx.app, 'GET', `/p/chat/departments?acc=${owner.accountId}`, {
      token: owner.token,
    });
    expect(
      list.body.data.map((d: { name: string; distribution: boolean; capacity: number | null }) => [
        d.name,
        d.distribution,
        d.capacity,
      ]),
    ).toEqual([
      ['Financeiro', false, null],
      ['Suporte', true, null],
      ['Vendas', true, 5],
    ]);
    const entities = await api(ctx.app, 'GET', `/p/chat/entities?acc=${owner.accountId}`, {
      token: owner.token,
    });
    expect(entities.body.data.map((e: { alias: string }) => e.alias).sort()).toEqual([
      '$cidade',
      '$cpf',
      '$email',
      '$pedido',
    ]);
  });
});
