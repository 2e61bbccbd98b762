import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { type ChatClient, connectChat, listen } from './team-chat.testing';

let ctx: TTestApp;
let url: string;
let owner: TSignedUp;
const clients: ChatClient[] = [];

beforeAll(async () => {
  ctx = await startTestApp({ OPENAI_API_KEY: undefined });
  url = await listen(ctx);
  owner = await signUp(ctx);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await ctx.close();
});

async function ask(user: { userId: string; token: string }, accountId: string, question: string) {
  const client = await connectChat(url, user, accountId);
  clients.push(client);
  const tempId = `q-${Math.random()}`;
  const ack = await client.call('sendMessageGPT', { content: question, tempId });
  expect(ack.status).toBe(1);
  return client.waitFor('sendMessage', (m: any) => m.senderId === 'assistant' && m.status === 'sent');
}

describe('AI room with the built-in retrieval assistant (no OPENAI_API_KEY)', () => {
  it('says plainly it is not a language model and quotes the help text it found', async () => {
    expect(ctx.app.services.teamChat.ai.provider.kind).toBe('retrieval');
    const answer = await ask(owner, owner.accountId, 'Como envio arquivos no chat interno?');
    expect(answer.ai).toEqual({ provider: 'retrieval', model: 'atende-retrieval' });
    expect(answer.content).toContain('não um modelo de linguagem');
    expect(answer.content).toContain('“Enviar arquivos no chat interno” (ajuda do Atende)');
    expect(answer.content).toContain('png, jpeg, pdf, doc, docx e xlsx');
  });

  it("searches the account's own notes, and never another account's", async () => {
    const created = await api(ctx.app, 'POST', `/p/ai/knowledge?acc=${owner.accountId}`, {
      token: owner.token,
      body: {
        title: 'Horário de atendimento',
        body: 'Atendemos de segunda a sexta, das 8h às 18h, exceto feriados.',
      },
    });
    expect(created.statusCode).toBe(200);
    const answer = await ask(owner, owner.accountId, 'Qual é o horário de atendimento nos feriados?');
    expect(answer.content).toContain('“Horário de atendimento” (nota da conta)');
    expect(answer.content).toContain('das 8h às 18h');
    // Help passages that share only "atendimento" with the question are left out.
    expect(answer.content).not.toContain('(ajuda do Atende)');

    const other = await signUp(ctx);
    const theirs = await ask(other, other.accountId, 'Qual é o horário de atendimento nos feriados?');
    expect(theirs.content).not.toContain('8h às 18h');
  });

  it('answers in English for English users', async () => {
    const user = await signUp(ctx);
    await queryRows(ctx, sql`update users set lang = 'en' where id = ${user.userId}`);
    await ctx.app.platform.tenantCache.invalidate(user.accountId);
    const answer = await ask(user, user.accountId, 'How do I invite members to my account?');
    expect(answer.content).toContain("I am Atende's built-in search assistant, not a language model");
    expect(answer.content).toContain('“Inviting members to the account” (Atende help)');
  });

  it('says so when nothing matches', async () => {
    const answer = await ask(owner, owner.accountId, 'xyzzy plugh');
    expect(answer.content).toContain('não um modelo de linguagem');
    expect(answer.content).toContain('Não encontrei nada sobre isso');
  });

  it('keeps notes to admins: operators read, cannot write; unknown notes are 404', async () => {
    const operator = await addMember(ctx, owner, 'operator');
    const denied = await api(ctx.app, 'POST', `/p/ai/knowledge?acc=${owner.accountId}`, {
      token: operator.token,
      body: { title: 't', body: 'b' },
    });
    expect(denied.statusCode).toBe(403);
    const listed = await api(ctx.app, 'GET', `/p/ai/knowledge?acc=${owner.accountId}`, {
      token: operator.token,
    });
    expect(listed.body.data.count).toBe(1);
    const id = listed.body.data.items[0]._id;
    expect(
      (await api(ctx.app, 'DELETE', `/p/ai/knowledge/${id}?acc=${owner.accountId}`, { token: owner.token }))
        .statusCode,
    ).toBe(200);
    const again = await api(ctx.app, 'DELETE', `/p/ai/knowledge/${id}?acc=${owner.accountId}`, {
      token: owner.token,
    });
    expect(again.statusCode).toBe(404);
    expect(again.body.code).toBe('KNOWLEDGE_NOTE_NOT_FOUND');
  });
});
