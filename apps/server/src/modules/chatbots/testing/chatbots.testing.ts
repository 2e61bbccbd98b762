// Test support for chatbots: small flow documents, a bot created and published through the API.
import { expect } from 'vitest';
import type { TSignedUp } from '../../../testing/fixtures';
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
