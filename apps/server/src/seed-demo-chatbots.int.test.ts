import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectVisitor,
  createChannel,
  visitorSession,
  webchatBody,
} from './modules/inbox/testing/inbox.testing';
import { createDepartment } from './modules/departments/departments.testing';
import { listen } from './modules/team-chat/team-chat.testing';
import { seedDemoChatbots } from './seed-demo-chatbots';
import { signUp, type TSignedUp } from './testing/fixtures';
import { queryRows, until } from './testing/helpers';
import { api, startTestApp, type TTestApp } from './testing/test-app';

/** The demo account's bot (seed-demo.ts calls this last, on the demo web chat channel). */
describe('demo chatbot', () => {
  let ctx: TTestApp;
  let baseUrl: string;
  let owner: TSignedUp;

  beforeAll(async () => {
    ctx = await startTestApp();
    baseUrl = await listen(ctx);
    owner = await signUp(ctx);
  });
  afterAll(() => ctx?.close());

  it('is the published department menu on the web chat: a visitor picks a department and waits in its queue', async () => {
    const body = webchatBody('Demo');
    const channel = await createChannel(ctx, owner, body);
    const departments: Record<string, string> = {};
    for (const name of ['Vendas', 'Suporte', 'Financeiro'])
      departments[name] = await createDepartment(ctx, owner, name);
    await seedDemoChatbots(ctx.app, owner.accountId, owner.userId, channel, departments);
    const list = await api(ctx.app, 'GET', `/p/chatbots?acc=${owner.accountId}`, { token: owner.token });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        name: 'Menu de departamentos',
        status: 'published',
        publishedVersion: 1,
        channelIds: [channel._id, expect.any(String)],
      }),
    ]);
    // Its own chat page, with its title, image and background.
    const page = await ctx.app.inject({ method: 'GET', url: `/chat/${body.slug}-menu` });
    expect(page.body).toContain('<h1>Central de atendimento</h1>');
    expect(page.body).toContain('<img src="/favicon.svg"');
    expect(page.body).toContain('background: #f1f8fa;');
    const session = await visitorSession(ctx, body.slug);
    const visitor = await connectVisitor(baseUrl, body.slug, session.token);
    try {
      await visitor.call('message' as never, { id: 'v1', text: 'Olá' });
      const menu = await visitor.waitFor<{ body: string; options: Array<{ title: string }> }>(
        'message',
        (m) => m.body === 'Com qual área você quer falar?',
      );
      expect(menu.options.map((o) => o.title)).toEqual(['Vendas', 'Suporte', 'Financeiro']);
      await visitor.call('message' as never, { id: 'v2', text: '2' });
      await visitor.waitFor<{ body: string }>(
        'message',
        (m) => m.body === 'Certo! Vou te passar para a equipe de Suporte. Aguarde um instante.',
      );
      const handed = await until(async () => {
        const [row] = await queryRows<{ stage: string; department_id: string | null; line: string | null }>(
          ctx,
          sql`select c.stage, c.department_id,
                (select m.body from messages m where m.conversation_id = c.id and m.author_type = 'system'
                 order by m.created_at desc, m.id desc limit 1) as line
              from conversations c where c.account_id = ${owner.accountId} and c.channel_id = ${channel._id}`,
        );
        return row?.stage === 'waiting' ? row : undefined;
      });
      expect(handed).toMatchObject({ department_id: departments.Suporte });
      expect(handed.line).toContain('Suporte');
    } finally {
      visitor.close();
    }
  });
});
