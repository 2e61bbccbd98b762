import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, signUp, type TSignedUp } from '../../testing/fixtures';
import { until } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { insertWhatsAppChannel, type TTestChannel } from '../inbox/testing/intake.testing';
import { menuFlow } from './testing/chatbots.testing';

let ctx: TTestApp;
let owner: TSignedUp;
let other: TSignedUp;
let channel: TTestChannel;
let otherChannel: TTestChannel;
let botId: string;

const acc = (who: TSignedUp) => `acc=${who.accountId}`;
const call = (
  who: TSignedUp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  lang?: string,
) =>
  api(ctx.app, method, `${path}${path.includes('?') ? '&' : '?'}${acc(who)}`, {
    token: who.token,
    body,
    lang,
  });

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx, { plan: 'pro' });
  other = await signUp(ctx, { plan: 'business' });
  channel = await insertWhatsAppChannel(ctx, owner.accountId);
  otherChannel = await insertWhatsAppChannel(ctx, other.accountId);
});

afterAll(async () => {
  await ctx?.close();
});

describe('chatbots: create, plan limit, channels', () => {
  it('an admin creates a flow bot on a channel of the account: a draft with an empty flow', async () => {
    const res = await call(owner, 'POST', '/p/chatbots', {
      name: 'Atendimento',
      type: 'flow',
      channelIds: [channel.id],
    });
    expect(res.statusCode).toBe(200);
    botId = res.body.data._id;
    expect(res.body.data).toMatchObject({
      name: 'Atendimento',
      type: 'flow',
      status: 'draft',
      channelIds: [channel.id],
      publishedVersion: null,
      inFlowNow: 0,
      debounceSeconds: 3,
      handoverKeywords: ['atendente', 'humano'],
      trainingState: null,
    });
    const one = await call(owner, 'GET', `/p/chatbots/${botId}`);
    expect(one.body.data.draft.events).toEqual([
      {
        id: 'start',
        kind: 'start',
        position: { x: 0, y: 0 },
        config: { keywords: [], firstContactOnly: false },
      },
    ]);
    const list = await call(owner, 'GET', '/p/chatbots');
    expect(list.body.data.map((b: { _id: string }) => b._id)).toEqual([botId]);
  });

  it('the plan allows 1 chatbot: a second one (or a duplicate) is refused naming the plan and what to do (delete the existing one)', async () => {
    const second = await call(owner, 'POST', '/p/chatbots', { name: 'Outro', type: 'flow' }, 'en');
    expect(second.statusCode).toBe(403);
    expect(second.body).toMatchObject({
      code: 'CHATBOT_LIMIT_REACHED',
      message: 'Your Pro plan allows 1 chatbot. Delete the existing one to create another.',
      details: { plan: 'Pro', limit: 1 },
    });
    const pt = await call(owner, 'POST', `/p/chatbots/${botId}/duplicate`, undefined, 'pt-BR');
    expect(pt.statusCode).toBe(403);
    expect(pt.body.message).toBe(
      'Seu plano Pro permite 1 chatbot. Exclua o chatbot existente para criar outro.',
    );
  });

  it('a channel of another account is refused (as unknown), on create and on edit', async () => {
    const created = await call(other, 'POST', '/p/chatbots', {
      name: 'X',
      type: 'flow',
      channelIds: [channel.id],
    });
    expect(created.statusCode).toBe(404);
    expect(created.body.code).toBe('CHANNEL_NOT_FOUND');
    const patched = await call(owner, 'PATCH', `/p/chatbots/${botId}`, { channelIds: [otherChannel.id] });
    expect(patched.statusCode).toBe(404);
    expect(patched.body.code).toBe('CHANNEL_NOT_FOUND');
  });

  it('settings: debounce 0–10 s and the handover keywords', async () => {
    const bad = await call(owner, 'PATCH', `/p/chatbots/${botId}`, { debounceSeconds: 11 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body.fields?.[0].path).toBe('debounceSeconds');
    const ok = await call(owner, 'PATCH', `/p/chatbots/${botId}`, {
      debounceSeconds: 0,
      handoverKeywords: ['Humano', 'pessoa'],
    });
    expect(ok.body.data).toMatchObject({ debounceSeconds: 0, handoverKeywords: ['humano', 'pessoa'] });
  });
});

describe('chatbots: drafts, validation, publishing, versions', () => {
  it('a document the schema refuses is not stored: 400 with field paths', async () => {
    const flow = menuFlow();
    (flow.groups[0].blocks[0] as Record<string, unknown>).type = 'teleport';
    const res = await call(owner, 'PUT', `/p/chatbots/${botId}/draft`, flow);
    expect(res.statusCode).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.fields?.map((f) => f.path)).toContain('groups.0.blocks.0.type');
    const long = menuFlow();
    (long.groups[0].blocks[0] as Record<string, unknown>).text = 'x'.repeat(4097);
    const tooLong = await call(owner, 'PUT', `/p/chatbots/${botId}/draft`, long);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body.fields).toEqual([
      expect.objectContaining({ path: 'groups.0.blocks.0.text', key: 'tooLong' }),
    ]);
    const stored = await call(owner, 'GET', `/p/chatbots/${botId}`);
    expect(stored.body.data.draft.groups).toEqual([]);
  });

  it('a structure-valid draft is autosaved with what keeps it from being published; publishing answers 422 with the issues', async () => {
    const flow = menuFlow();
    flow.edges.push({
      id: 'dangling',
      from: { blockId: 'menu', exit: 'o-sales' },
      to: { groupId: 'nowhere' },
    });
    (flow.groups[1].blocks[1] as Record<string, unknown>).text = 'Oi {{sobrenome}}';
    (flow.groups[0].blocks[1] as { options: unknown[] }).options = [];
    (flow.groups[0].blocks[1] as Record<string, unknown>).prompt = 'p'.repeat(1025);
    flow.groups.push({
      id: 'g-loop',
      title: 'Loop',
      position: { x: 0, y: 600 },
      blocks: [
        { id: 'loop-a', type: 'text', text: 'de novo' },
        { id: 'loop-jump', type: 'jump', groupId: 'g-loop' } as never,
      ],
    });
    const saved = await call(owner, 'PUT', `/p/chatbots/${botId}/draft`, flow);
    expect(saved.statusCode).toBe(200);
    const issues = saved.body.data.issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { code: 'dangling_edge', path: ['edges', 5, 'to'] },
        { code: 'unknown_variable', path: ['groups', 1, 'blocks', 1, 'text'], blockId: 'thanks' },
        { code: 'option_required', path: ['groups', 0, 'blocks', 1, 'options'], blockId: 'menu' },
        // The bot answers on WhatsApp: a question with options has Meta's 1,024-character body.
        { code: 'text_too_long', path: ['groups', 0, 'blocks', 1, 'prompt'], blockId: 'menu' },
        {
          code: 'cycle_without_input',
          path: expect.arrayContaining(['groups', 4, 'blocks']),
          blockId: expect.stringMatching(/^loop-/),
        },
      ]),
    );
    const publish = await call(owner, 'POST', `/p/chatbots/${botId}/publish`);
    expect(publish.statusCode).toBe(422);
    expect(publish.body.code).toBe('CHATBOT_FLOW_INVALID');
    expect((publish.body as unknown as { details: { issues: unknown } }).details.issues).toEqual(issues);
    const validate = await call(owner, 'POST', `/p/chatbots/${botId}/validate`);
    expect(validate.body.data.issues).toEqual(issues);
  });

  it('too many blocks is refused at publish', async () => {
    const many = (n: number, g: string) =>
      Array.from({ length: n }, (_, i) => ({ id: `${g}-${i}`, type: 'text', text: 'x' }));
    const flow = {
      version: 1,
      variables: [],
      events: [{ id: 'start', kind: 'start', position: { x: 0, y: 0 } }],
      groups: [
        { id: 'a', title: '', position: { x: 0, y: 0 }, blocks: many(200, 'a') },
        { id: 'b', title: '', position: { x: 0, y: 0 }, blocks: many(101, 'b') },
      ],
      edges: [{ id: 'e', from: { eventId: 'start' }, to: { groupId: 'a' } }],
    };
    const saved = await call(owner, 'PUT', `/p/chatbots/${botId}/draft`, flow);
    expect(saved.body.data.issues).toEqual([{ code: 'too_many_blocks', path: ['groups'] }]);
  });

  it('publishing freezes versions (who, when, what changed); rollback brings a version back as the draft', async () => {
    expect((await call(owner, 'PUT', `/p/chatbots/${botId}/draft`, menuFlow())).body.data.issues).toEqual([]);
    const v1 = await call(owner, 'POST', `/p/chatbots/${botId}/publish`);
    expect(v1.statusCode).toBe(200);
    expect(v1.body.data).toMatchObject({ status: 'published', publishedVersion: 1 });
    const changed = menuFlow();
    (changed.groups[0].blocks[0] as Record<string, unknown>).text = 'Oi de novo!';
    changed.groups[2].blocks.splice(0, 1);
    await call(owner, 'PUT', `/p/chatbots/${botId}/draft`, changed);
    const v2 = await call(owner, 'POST', `/p/chatbots/${botId}/publish`);
    expect(v2.body.data.publishedVersion).toBe(2);
    const versions = await call(owner, 'GET', `/p/chatbots/${botId}/versions`);
    expect(versions.body.data).toEqual([
      {
        version: 2,
        publishedAt: expect.any(String),
        publishedBy: { _id: owner.userId, name: 'Test User' },
        summary: { added: 0, removed: 1, changed: 1 },
      },
      expect.objectContaining({ version: 1, summary: { added: 9, removed: 0, changed: 0 } }),
    ]);
    const back = await call(owner, 'POST', `/p/chatbots/${botId}/versions/1/rollback`);
    expect(back.statusCode).toBe(200);
    expect(back.body.data.draft.groups[0].blocks[0].text).toBe('Olá, {{$name}}! Sou o robô.');
    expect(back.body.data.chatbot.publishedVersion).toBe(2);
    const missing = await call(owner, 'POST', `/p/chatbots/${botId}/versions/9/rollback`);
    expect(missing.statusCode).toBe(404);
    expect(missing.body.code).toBe('CHATBOT_VERSION_NOT_FOUND');
    const unpublished = await call(owner, 'POST', `/p/chatbots/${botId}/unpublish`);
    expect(unpublished.body.data.status).toBe('draft');
    expect((await call(owner, 'POST', `/p/chatbots/${botId}/publish`)).body.data.publishedVersion).toBe(3);
  });

  it('the gallery lists 6 templates, each a publishable flow', async () => {
    const res = await call(owner, 'GET', '/p/chatbots/templates');
    expect(res.body.data.map((t: { id: string }) => t.id)).toEqual([
      'department-menu',
      'lead-capture',
      'business-hours',
      'appointment',
      'faq',
      'satisfaction',
    ]);
    expect(res.body.data[0]).toEqual({
      id: 'department-menu',
      type: 'flow',
      nameKey: 'templates.department-menu.name',
      descriptionKey: 'templates.department-menu.description',
    });
  });
});

describe('chatbots: isolation and roles', () => {
  it("another account's admin sees nothing of the bot, its versions or its chat page", async () => {
    for (const [method, path] of [
      ['GET', `/p/chatbots/${botId}`],
      ['GET', `/p/chatbots/${botId}/versions`],
      ['POST', `/p/chatbots/${botId}/publish`],
      ['POST', `/p/chatbots/${botId}/versions/1/rollback`],
      ['PUT', `/p/chatbots/${botId}/draft`],
      ['DELETE', `/p/chatbots/${botId}`],
      ['POST', `/p/chatbots/${botId}/test`],
    ] as const) {
      const res = await call(other, method, path, method === 'PUT' ? menuFlow() : undefined);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('CHATBOT_NOT_FOUND');
    }
    const list = await call(other, 'GET', '/p/chatbots');
    expect(list.body.data).toEqual([]);
  });

  it('chatbots are admin-only (spec §2): managers and operators are refused', async () => {
    for (const role of ['manager', 'operator'] as const) {
      const member = await addMember(ctx, owner, role);
      const res = await api(ctx.app, 'GET', `/p/chatbots?${acc(owner)}`, { token: member.token });
      expect(res.statusCode, role).toBe(403);
    }
  });
});

describe('chat page', () => {
  it('a slug makes the page (a web chat channel the bot answers on); a taken slug is "chatpage name in use"', async () => {
    // Before it is saved the page is "none yet" (data null), not an error the browser logs.
    const none = await call(owner, 'GET', `/p/chatbots/${botId}/chatpage`);
    expect(none.statusCode).toBe(200);
    expect(none.body).toEqual({ status: 1, data: null });
    const foreign = await call(other, 'GET', `/p/chatbots/${botId}/chatpage`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body.code).toBe('CHATBOT_NOT_FOUND');
    const saved = await call(owner, 'PUT', `/p/chatbots/${botId}/chatpage`, {
      slug: 'loja-da-rita',
      title: 'Loja da Rita',
      colors: { primary: '#112233', background: '#ffffff' },
      welcomeText: 'Bem-vindo!',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data).toMatchObject({
      slug: 'loja-da-rita',
      url: '/chat/loja-da-rita',
      title: 'Loja da Rita',
    });
    const page = await ctx.app.inject({ method: 'GET', url: '/chat/loja-da-rita' });
    expect(page.statusCode).toBe(200);
    const bot = await call(owner, 'GET', `/p/chatbots/${botId}`);
    expect(bot.body.data.chatbot.channelIds).toHaveLength(2);

    const otherBot = await call(other, 'POST', '/p/chatbots', { name: 'B', type: 'chatpage' });
    const taken = await call(
      other,
      'PUT',
      `/p/chatbots/${otherBot.body.data._id}/chatpage`,
      { slug: 'loja-da-rita' },
      'en',
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toMatchObject({ code: 'CHATPAGE_SLUG_IN_USE', message: 'chatpage name in use' });
  });

  it("the public page shows the page's title, image and background, and keeps them when the channel is edited in settings", async () => {
    const saved = await call(owner, 'PUT', `/p/chatbots/${botId}/chatpage`, {
      slug: 'loja-da-rita',
      title: 'Assistente da Rita',
      avatarUrl: 'https://cdn.example.com/rita.png',
      colors: { primary: '#112233', background: '#fff8e1' },
      welcomeText: 'Bem-vindo!',
    });
    expect(saved.statusCode).toBe(200);
    const config = await ctx.app.inject({ method: 'GET', url: '/webchat/loja-da-rita/config' });
    expect(config.json().data).toMatchObject({
      title: 'Assistente da Rita',
      avatarUrl: 'https://cdn.example.com/rita.png',
      background: '#fff8e1',
    });
    const html = (await ctx.app.inject({ method: 'GET', url: '/chat/loja-da-rita' })).body;
    expect(html).toContain('<h1>Assistente da Rita</h1>');
    expect(html).toContain('<img src="https://cdn.example.com/rita.png"');
    expect(html).toContain('background: #fff8e1;');

    // An admin renames the page's channel in Settings › Channels: the page's look stays.
    const channels = await call(owner, 'GET', '/p/chat/channels');
    const pageChannel = channels.body.data.find(
      (c: { externalId: string }) => c.externalId === 'loja-da-rita',
    );
    const edited = await call(owner, 'PUT', `/p/chat/channels/${pageChannel._id}`, {
      kind: 'webchat',
      name: 'Canal da Rita',
      slug: 'loja-da-rita',
      color: '#112233',
    });
    expect(edited.statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/webchat/loja-da-rita/config' });
    expect(after.json().data).toMatchObject({ title: 'Assistente da Rita', background: '#fff8e1' });

    // The admin also changes its address and colour there: the editor shows (and links to) them.
    await call(owner, 'PUT', `/p/chat/channels/${pageChannel._id}`, {
      kind: 'webchat',
      name: 'Canal da Rita',
      slug: 'rita-atende',
      color: '#aa3300',
      greeting: 'Oi!',
    });
    expect((await call(owner, 'GET', `/p/chatbots/${botId}/chatpage`)).body.data).toMatchObject({
      slug: 'rita-atende',
      url: '/chat/rita-atende',
      colors: { primary: '#aa3300', background: '#fff8e1' },
      welcomeText: 'Oi!',
      title: 'Assistente da Rita',
    });
    // And removes the channel: the bot leaves it (its event), so the bot can still be saved and
    // published; saving the page again makes it a new channel, and the page answers again.
    await call(owner, 'DELETE', `/p/chat/channels/${pageChannel._id}`);
    expect((await ctx.app.inject({ method: 'GET', url: '/chat/rita-atende' })).statusCode).toBe(404);
    await until(async () => {
      const { channelIds } = (await call(owner, 'GET', `/p/chatbots/${botId}`)).body.data.chatbot;
      return !channelIds.includes(pageChannel._id);
    });
    const again = await call(owner, 'PUT', `/p/chatbots/${botId}/chatpage`, {
      slug: 'rita-atende',
      title: 'Assistente da Rita',
      colors: { primary: '#aa3300', background: '#fff8e1' },
    });
    expect(again.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/chat/rita-atende' })).statusCode).toBe(200);
    const bot = await call(owner, 'GET', `/p/chatbots/${botId}`);
    const live = (await call(owner, 'GET', '/p/chat/channels')).body.data.find(
      (c: { externalId: string }) => c.externalId === 'rita-atende',
    );
    expect(bot.body.data.chatbot.channelIds).toContain(live._id);

    // An image that is not an address is refused, in the user's language.
    const bad = await call(
      owner,
      'PUT',
      `/p/chatbots/${botId}/chatpage`,
      { slug: 'rita-atende', avatarUrl: 'javascript:alert(1)' },
      'en',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(bad.body)).toContain('avatarUrl');
  });
});
