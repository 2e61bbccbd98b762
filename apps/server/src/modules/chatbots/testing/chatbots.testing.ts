// Test support for chatbots: small flow documents, a bot created and published through the API.
import { expect } from 'vitest';
import type { TSignedUp } from '../../../testing/fixtures';
import { until } from '../../../testing/helpers';
import { api, type TTestApp } from '../../../testing/test-app';

/** A menu bot: greeting → choice (Vendas / Suporte) → Vendas asks the e-mail (saved on the contact) and transfers; Suporte ends. */
export function menuFlow(opts: { timeoutMinutes?: number } = {}) {
  return {
    version: 1,
    variables: [{ id: 'v-area', name: 'area' }],
    events: [{ id: 'start', kind: 'start', position: { x: 0, y: 0 } }],
    groups: [
      {
        id: 'g1',
        title: 'Menu',
        position: { x: 100, y: 0 },
        blocks: [
          { id: 'hello', type: 'text', text: 'Olá, {{$name}}! Sou o robô.' },
          {
            id: 'menu',
            type: 'choice_input',
            prompt: 'Com qual área?',
            variableId: 'v-area',
            retryMessage: 'Escolha pelo número.',
            retryLimit: 2,
            options: [
              { id: 'o-sales', title: 'Vendas' },
              { id: 'o-support', title: 'Suporte' },
            ],
            ...(opts.timeoutMinutes ? { timeout: { minutes: opts.timeoutMinutes } } : {}),
          },
        ],
      },
      {
        id: 'g-sales',
        title: 'Vendas',
        position: { x: 400, y: 0 },
        blocks: [
          {
            id: 'email',
            type: 'email_input',
            prompt: 'Qual é o seu e-mail?',
            saveTo: 'email',
            retryMessage: 'E-mail inválido.',
          },
          { id: 'thanks', type: 'text', text: 'Obrigado! Área: {{area}}.' },
          { id: 'handover', type: 'transfer' },
        ],
      },
      {
        id: 'g-support',
        title: 'Suporte',
        position: { x: 400, y: 200 },
        blocks: [
          { id: 'bye', type: 'text', text: 'Suporte: veja nosso site.' },
          { id: 'end', type: 'end' },
        ],
      },
      {
        id: 'g-timeout',
        title: 'Sem resposta',
        position: { x: 400, y: 400 },
        blocks: [
          { id: 'late', type: 'text', text: 'Vou te passar para um atendente.' },
          { id: 'late-transfer', type: 'transfer' },
        ],
      },
    ],
    edges: [
      { id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } },
      { id: 'e1', from: { blockId: 'menu', exit: 'o-sales' }, to: { groupId: 'g-sales' } },
      { id: 'e2', from: { blockId: 'menu', exit: 'o-support' }, to: { groupId: 'g-support' } },
      { id: 'e3', from: { blockId: 'menu', exit: 'timeout' }, to: { groupId: 'g-timeout' } },
      { id: 'e4', from: { blockId: 'menu', exit: 'retry_exhausted' }, to: { groupId: 'g-timeout' } },
    ],
  };
}

/** Creates a flow bot on `channelIds` with `flow` as its draft, then publishes it. */
export async function publishedBot(
  ctx: TTestApp,
  owner: TSignedUp,
  channelIds: string[],
  flow: unknown,
  settings: { debounceSeconds?: number } = { debounceSeconds: 0 },
): Promise<string> {
  const acc = `?acc=${owner.accountId}`;
  const created = await api(ctx.app, 'POST', `/p/chatbots${acc}`, {
    token: owner.token,
    body: { name: 'Robô', type: 'flow', channelIds },
  });
  expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data._id as string;
  const saved = await api(ctx.app, 'PUT', `/p/chatbots/${id}/draft${acc}`, {
    token: owner.token,
    body: flow,
  });
  expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body.data.issues).toEqual([]);
  const patched = await api(ctx.app, 'PATCH', `/p/chatbots/${id}${acc}`, {
    token: owner.token,
    body: settings,
  });
  expect(patched.statusCode).toBe(200);
  const published = await api(ctx.app, 'POST', `/p/chatbots/${id}/publish${acc}`, { token: owner.token });
  expect(published.statusCode, JSON.stringify(published.body)).toBe(200);
  return id;
}

/**
 * An AI (or hybrid) bot on `channelIds` with FAQ pairs in its own knowledge base (trained before it
 * answers), its AI settings, and (hybrid) its flow; published.
 */
export async function publishedAiBot(
  ctx: TTestApp,
  owner: TSignedUp,
  channelIds: string[],
  opts: {
    type?: 'ai' | 'hybrid';
    faqs?: Array<{ question: string; answer: string }>;
    ai?: Record<string, unknown>;
    flow?: unknown;
  } = {},
): Promise<string> {
  const acc = `?acc=${owner.accountId}`;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, body?: unknown) =>
    api(ctx.app, method, `${path}${acc}`, { token: owner.token, body });
  const created = await call('POST', '/p/chatbots', { name: 'Robô IA', type: opts.type ?? 'ai', channelIds });
  expect(created.statusCode, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data._id as string;
  for (const faq of opts.faqs ?? []) {
    const added = await call('POST', '/p/ai/knowledge/sources/faq', { ...faq, chatbotId: id });
    expect(added.statusCode, JSON.stringify(added.body)).toBe(200);
  }
  await until(async () => {
    const list = await api(ctx.app, 'GET', `/p/ai/knowledge/sources${acc}&chatbotId=${id}`, {
      token: owner.token,
    });
    return list.body.data.items.every((s: { status: string }) => s.status === 'trained');
  });
  if (opts.flow) {
    const saved = await call('PUT', `/p/chatbots/${id}/draft`, opts.flow);
    expect(saved.body.data?.issues, JSON.stringify(saved.body)).toEqual([]);
  }
  const patched = await call('PATCH', `/p/chatbots/${id}`, {
    debounceSeconds: 0,
    ...(opts.ai ? { ai: opts.ai } : {}),
  });
  expect(patched.statusCode, JSON.stringify(patched.body)).toBe(200);
  const published = await call('POST', `/p/chatbots/${id}/publish`);
  expect(published.statusCode, JSON.stringify(published.body)).toBe(200);
  return id;
}

/** A hybrid flow: a greeting, then the AI agent block; 'resolved' says goodbye and ends. */
export function hybridFlow(opts: { maxTurns?: number; handoverEdge?: boolean } = {}) {
  return {
    version: 1,
    variables: [],
    events: [{ id: 'start', kind: 'start', position: { x: 0, y: 0 } }],
    groups: [
      {
        id: 'g1',
        title: 'Início',
        position: { x: 100, y: 0 },
        blocks: [
          { id: 'hello', type: 'text', text: 'Olá! Sou o assistente.' },
          { id: 'agent', type: 'ai_agent', message: 'Pode perguntar.', maxTurns: opts.maxTurns ?? 10 },
        ],
      },
      {
        id: 'g-bye',
        title: 'Fim',
        position: { x: 400, y: 0 },
        blocks: [
          { id: 'bye', type: 'text', text: 'Que bom que ajudei. Até logo!' },
          { id: 'end', type: 'end' },
        ],
      },
      {
        id: 'g-max',
        title: 'Limite',
        position: { x: 400, y: 200 },
        blocks: [
          { id: 'max', type: 'text', text: 'Vou chamar alguém para continuar.' },
          { id: 'max-transfer', type: 'transfer' },
        ],
      },
      ...(opts.handoverEdge
        ? [
            {
              id: 'g-human',
              title: 'Humano',
              position: { x: 400, y: 400 },
              blocks: [
                { id: 'human', type: 'text', text: 'Chamando um humano pelo fluxo.' },
                { id: 'human-transfer', type: 'transfer' },
              ],
            },
          ]
        : []),
    ],
    edges: [
      { id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } },
      { id: 'e1', from: { blockId: 'agent', exit: 'resolved' }, to: { groupId: 'g-bye' } },
      { id: 'e2', from: { blockId: 'agent', exit: 'max_turns' }, to: { groupId: 'g-max' } },
      ...(opts.handoverEdge
        ? [{ id: 'e3', from: { blockId: 'agent', exit: 'handover' }, to: { groupId: 'g-human' } }]
        : []),
    ],
  };
}
