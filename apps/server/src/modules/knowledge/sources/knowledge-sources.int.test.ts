import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addTeam, NOT_AUTHORIZED, useTwoAccounts } from '../../../testing/app-fixtures';
import { queryRows, until } from '../../../testing/helpers';
import { tinyPdf } from './knowledge-sources.testing';

const setup = useTwoAccounts();
const { call } = setup;

async function upload(
  name: string,
  body: Uint8Array,
  opts: { acc?: string; token?: string; lang?: string } = {},
) {
  const res = await setup.ctx.app.inject({
    method: 'POST',
    url: `/p/ai/knowledge/sources/file?acc=${opts.acc ?? setup.owner.accountId}&name=${encodeURIComponent(name)}`,
    headers: {
      authorization: `Bearer ${opts.token ?? setup.owner.token}`,
      'content-type': 'application/octet-stream',
      'accept-language': opts.lang ?? 'en',
    },
    payload: Buffer.from(body),
  });
  return { statusCode: res.statusCode, body: res.json() };
}

async function settled(id: string, acc = setup.owner.accountId, token = setup.owner.token) {
  return until(async () => {
    const list = await call('GET', '/p/ai/knowledge/sources', { acc, token });
    const source = list.body.data.items.find((s: { _id: string }) => s._id === id);
    return source && (source.status === 'trained' || source.status === 'failed') ? source : undefined;
  }, 20_000);
}

describe('AI knowledge base', { timeout: 60_000 }, () => {
  it('trains an uploaded PDF (pages, chunks, last trained) and ranks its passages for a question', async () => {
    const pdf = tinyPdf([
      'Entregamos em todo o Brasil em ate 5 dias uteis.',
      'O frete e gratis para compras acima de 200 reais.',
    ]);
    const up = await upload('politica-de-entrega.pdf', pdf);
    expect(up.statusCode).toBe(200);
    expect(up.body.data).toMatchObject({ kind: 'file', fileType: 'pdf', size: pdf.length, chunks: 0 });
    expect(['not_trained', 'training', 'trained']).toContain(up.body.data.status);
    const trained = await settled(up.body.data._id);
    expect(trained).toMatchObject({ status: 'trained', pages: 2, chunks: 2, errorCode: null });
    expect(trained.trainedAt).toEqual(expect.any(String));

    const faq = await call('POST', '/p/ai/knowledge/sources/faq', {
      body: { question: 'Vocês aceitam Pix?', answer: 'Sim, aceitamos Pix com 5% de desconto.' },
    });
    expect(faq.statusCode).toBe(200);
    await settled(faq.body.data._id);

    // accents folded: "frete grátis" matches "frete e gratis"
    const ask = await call('POST', '/p/ai/knowledge/ask', { body: { question: 'O frete é grátis?' } });
    expect(ask.statusCode).toBe(200);
    expect(ask.body.data.passages[0]).toMatchObject({
      sourceName: 'politica-de-entrega.pdf',
      page: 2,
      text: 'O frete e gratis para compras acima de 200 reais.',
    });
    expect(ask.body.data.passages[0].score).toBeGreaterThan(0);
    expect(ask.body.data.answer).toMatchObject({
      kind: 'retrieved',
      text: 'O frete e gratis para compras acima de 200 reais.',
      source: { sourceName: 'politica-de-entrega.pdf', page: 2 },
    });

    // a FAQ pair answers with its answer as typed
    const pix = await call('POST', '/p/ai/knowledge/ask', { body: { question: 'Posso pagar com pix?' } });
    expect(pix.body.data.answer).toMatchObject({
      kind: 'retrieved',
      text: 'Sim, aceitamos Pix com 5% de desconto.',
    });

    // nothing matches: no answer (the bot would hand over)
    const none = await call('POST', '/p/ai/knowledge/ask', {
      body: { question: 'Qual a cor do céu de Marte?' },
    });
    expect(none.body.data).toEqual({ passages: [], answer: { kind: 'none', text: null, source: null } });
  });

  it("never retrieves another account's passages, lists or deletes its sources", async () => {
    const mine = await call('POST', '/p/ai/knowledge/sources/markdown', {
      body: { name: 'Garantia', text: '# Garantia\nTodos os produtos têm garantia de 12 meses.' },
    });
    await settled(mine.body.data._id);
    const other = { acc: setup.other.accountId, token: setup.other.token };
    const ask = await call('POST', '/p/ai/knowledge/ask', {
      ...other,
      body: { question: 'garantia dos produtos' },
    });
    expect(ask.body.data.passages).toEqual([]);
    const list = await call('GET', '/p/ai/knowledge/sources', other);
    expect(list.body.data.items).toEqual([]);
    const del = await call('DELETE', `/p/ai/knowledge/sources/${mine.body.data._id}`, other);
    expect(del.statusCode).toBe(404);
    expect(del.body.code).toBe('KNOWLEDGE_SOURCE_NOT_FOUND');
    // the owner's own question finds it, with its section kept
    const own = await call('POST', '/p/ai/knowledge/ask', { body: { question: 'garantia dos produtos' } });
    expect(own.body.data.passages[0]).toMatchObject({ sourceName: 'Garantia', section: 'Garantia' });
  });

  it('a file without readable text fails with the reason; wrong type and content are refused', async () => {
    const blank = await upload('vazio.pdf', tinyPdf(['']));
    expect(blank.statusCode).toBe(200);
    expect(await settled(blank.body.data._id)).toMatchObject({
      status: 'failed',
      errorCode: 'KNOWLEDGE_SOURCE_NO_TEXT',
      chunks: 0,
    });

    const xlsx = await upload('planilha.xlsx', Buffer.from('PK\u0003\u0004'), { lang: 'pt-BR' });
    expect(xlsx.statusCode).toBe(415);
    expect(xlsx.body).toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: 'Este tipo de arquivo não é permitido neste canal',
    });
    const renamed = await upload('manual.pdf', Buffer.from('MZ\u0090\u0000 not a pdf'));
    expect(renamed.statusCode).toBe(415);
    expect(renamed.body.code).toBe('FILE_CONTENT_INVALID');
  });

  it('stops at 100 files per account with a translated message', async () => {
    const { owner, ctx } = setup;
    const [row] = await queryRows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from knowledge_sources where account_id = ${owner.accountId} and kind = 'file'`,
    );
    await queryRows(
      ctx,
      sql`insert into knowledge_sources (id, account_id, kind, name, file_type, status)
          select gen_random_uuid(), ${owner.accountId}, 'file', 'f' || n || '.txt', 'txt', 'trained'
          from generate_series(1, ${100 - row.n}) as n`,
    );
    const over = await upload('mais-um.txt', new TextEncoder().encode('texto'), { lang: 'pt-BR' });
    expect(over.statusCode).toBe(409);
    expect(over.body).toMatchObject({
      code: 'KNOWLEDGE_FILES_LIMIT',
      message: 'A base de conhecimento já tem 100 arquivos',
    });
  });

  it('is for admins only', async () => {
    const team = await addTeam(setup.ctx, setup.owner);
    const asAdmin = await call('GET', '/p/ai/knowledge/sources', { token: team.admin.token });
    expect(asAdmin.statusCode).toBe(200);
    for (const member of [team.manager, team.operator]) {
      const list = await call('GET', '/p/ai/knowledge/sources', { token: member.token });
      expect(list.statusCode).toBe(403);
      expect(list.body.message).toBe(NOT_AUTHORIZED);
      const ask = await call('POST', '/p/ai/knowledge/ask', {
        token: member.token,
        body: { question: 'frete' },
      });
      expect(ask.statusCode).toBe(403);
      expect((await upload('a.txt', new TextEncoder().encode('a'), { token: member.token })).statusCode).toBe(
        403,
      );
    }
  });
});
