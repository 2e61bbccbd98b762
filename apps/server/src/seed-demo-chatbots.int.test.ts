import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectVisitor,
  createChannel,
  visitorSession,
  webchatBody,
} from './modules/inbox/testing/inbox.testing';
import { listen } from './modules/team-chat/team-chat.testing';
import { seedDemoChatbots } from './seed-demo-chatbots';
import { signUp, type TSignedUp } from './testing/fixtures';
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

  it('is the published department menu on the web chat: a visitor is greeted and offered the departments', async () => {
    const body = webchatBody('Demo');
    const channel = await createChannel(ctx, owner, body);
    await seedDemoChatbots(ctx.app, owner.accountId, owner.userId, channel._id);
    const list = await api(ctx.app, 'GET', `/p/chatbots?acc=${owner.accountId}`, { token: owner.token });
    expect(list.body.data).toEqual([
      expect.objectContaining({
        name: 'Menu de departamentos',
        status: 'published',
        publishedVersion: 1,
        channelIds: [channel._id],
      }),
    ]);
    const session = await visitorSession(ctx, body.slug);
    const visitor = await connectVisitor(baseUrl, body.slug, session.token);
    try {
      await visitor.call('message' as never, { id: 'v1', text: 'Olá' });
      const menu = await visitor.waitFor<{ body: string; options: Array<{ title: string }> }>(
        'message',
        (m) => m.body === 'Com qual área você quer falar?',
      );
      expect(menu.options.map((o) => o.title)).toEqual(['Vendas', 'Suporte', 'Financeiro']);
    } finally {
      visitor.close();
    }
  });
});
