import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoAutomations } from './seed-demo-automations';
import { signUp, type TSignedUp } from './testing/fixtures';
import { api, startTestApp, type TTestApp } from './testing/test-app';

/** The demo account's automations (seed-demo.ts calls this after the demo's history). */
describe('demo automations', () => {
  let ctx: TTestApp;
  let owner: TSignedUp;

  beforeAll(async () => {
    ctx = await startTestApp();
    owner = await signUp(ctx, { plan: 'pro' });
    for (const name of ['Atacado', 'Reclamação'])
      await ctx.app.services.contacts.tags.create(owner.accountId, { name, color: '#7950f2' });
  });
  afterAll(() => ctx?.close());

  it('are rules of the account, through the service, with the automatic messages written but off', async () => {
    await seedDemoAutomations(ctx.app, owner.accountId, owner.userId);
    const list = await api(ctx.app, 'GET', `/p/automations?acc=${owner.accountId}`, { token: owner.token });
    expect(list.statusCode).toBe(200);
    expect(list.body.data.items.map((r: { name: string; active: boolean }) => [r.name, r.active])).toEqual([
      ['Cliente sem responder: lembrete e encerramento', true],
      ['Pergunta de preço → etiqueta Atacado', false],
      ['Reclamação fora do horário → e-mail para a equipe', false],
    ]);
    const auto = await api(ctx.app, 'GET', `/p/automations/auto-messages/list?acc=${owner.accountId}`, {
      token: owner.token,
    });
    expect(auto.body.data).toHaveLength(5);
    for (const m of auto.body.data) {
      expect(m.active).toBe(false);
      expect(m.text.length).toBeGreaterThan(10);
    }
  });
});
