import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeam, NOT_AUTHORIZED, useTwoAccounts } from '../../../testing/app-fixtures';
import { until } from '../../../testing/helpers';
import { PAGE_MAX_BYTES } from './fetch-page';

/**
 * Web pages in the knowledge base: the server downloads the page (a local site here; the tests
 * allow private addresses, the guard itself is in platform/outbound-url.int.test.ts), keeps its
 * headings as the passages' sections, downloads it again on re-training, and fails with the
 * reason shown on a timeout, an oversize page, an error status or something that is not a page.
 */
const setup = useTwoAccounts();
const { call } = setup;

let version = 1;
let server: Server;
let site = '';

const page = () => `<!doctype html><html><head><meta charset="utf-8">
<title>Central de ajuda | Aurora Móveis</title><script>window.tracker = "prazo de montagem";</script></head>
<body><nav><a href="/">Início</a> <a href="/loja">Loja</a></nav>
<main>
<h1>Central de ajuda</h1><p>Respostas para as dúvidas mais comuns.</p>
<h2>Montagem</h2><p>A montagem dos móveis é gratuita em ${version === 1 ? 'São Paulo' : 'Curitiba'} e leva até 5 dias úteis após a entrega.</p>
<h2>Garantia</h2><p>Todos os móveis têm garantia de 12 meses contra defeitos de fabricação.</p>
</main><footer>Aurora Móveis LTDA</footer></body></html>`;

beforeAll(async () => {
  server = createServer((req, res) => {
    switch (req.url) {
      case '/ajuda':
        res.setHeader('content-type', 'text/html; charset=utf-8');
        return res.end(page());
      case '/antiga':
        res.writeHead(301, { location: '/ajuda' });
        return res.end();
      case '/lenta':
        return; // never answers
      case '/enorme': {
        // No content-length: the cap is enforced while reading.
        res.setHeader('content-type', 'text/html');
        const block = `<p>${'x'.repeat(1023)}</p>`;
        for (let i = 0; i < PAGE_MAX_BYTES / block.length + 10; i++) res.write(block);
        return res.end();
      }
      case '/logo.png':
        res.setHeader('content-type', 'image/png');
        return res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      default:
        res.statusCode = 404;
        return res.end('not found');
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

const addPage = (url: string, opts: { lang?: string; token?: string; acc?: string } = {}) =>
  call('POST', '/p/ai/knowledge/sources/url', { body: { url }, ...opts });

async function settled(id: string) {
  return until(async () => {
    const list = await call('GET', '/p/ai/knowledge/sources');
    const source = list.body.data.items.find((s: { _id: string }) => s._id === id);
    return source && (source.status === 'trained' || source.status === 'failed') ? source : undefined;
  }, 25_000);
}

describe('knowledge base web pages', { timeout: 60_000 }, () => {
  it('downloads a page, keeps its headings as sections, and downloads it again on re-training', async () => {
    const added = await addPage(`${site}/ajuda`);
    expect(added.statusCode).toBe(200);
    expect(added.body.data).toMatchObject({ kind: 'url', url: `${site}/ajuda`, name: `${site}/ajuda` });
    const trained = await settled(added.body.data._id);
    expect(trained).toMatchObject({
      status: 'trained',
      name: 'Central de ajuda | Aurora Móveis',
      url: `${site}/ajuda`,
      pages: 1,
      chunks: 3,
      errorCode: null,
    });
    expect(trained.size).toBe(Buffer.byteLength(page()));

    const ask = await call('POST', '/p/ai/knowledge/ask', { body: { question: 'A montagem é gratuita?' } });
    expect(ask.body.data.passages[0]).toMatchObject({
      sourceId: added.body.data._id,
      sourceName: 'Central de ajuda | Aurora Móveis',
      section: 'Montagem',
      text: 'A montagem dos móveis é gratuita em São Paulo e leva até 5 dias úteis após a entrega.',
    });
    // Scripts and navigation are not part of the text.
    const nav = await call('POST', '/p/ai/knowledge/ask', { body: { question: 'tracker loja início' } });
    expect(nav.body.data.passages).toEqual([]);

    version = 2;
    const again = await call('POST', `/p/ai/knowledge/sources/${added.body.data._id}/train`);
    expect(again.statusCode).toBe(200);
    await until(async () => {
      const res = await call('POST', '/p/ai/knowledge/ask', { body: { question: 'montagem gratuita' } });
      return res.body.data.passages[0]?.text.includes('Curitiba') ? true : undefined;
    }, 25_000);
    await call('DELETE', `/p/ai/knowledge/sources/${added.body.data._id}`);
  });

  it('follows a redirect to the page', async () => {
    const added = await addPage(`${site}/antiga`);
    expect(await settled(added.body.data._id)).toMatchObject({
      status: 'trained',
      name: 'Central de ajuda | Aurora Móveis',
      url: `${site}/antiga`,
    });
    await call('DELETE', `/p/ai/knowledge/sources/${added.body.data._id}`);
  });

  it('fails with the reason: timeout, larger than 2 MB, error status, not a page', async () => {
    const service = setup.ctx.app.services.knowledgeSources;
    const production = service.pageTimeoutMs;
    try {
      for (const [path, errorCode] of [
        ['/lenta', 'KNOWLEDGE_PAGE_TIMEOUT'],
        ['/enorme', 'KNOWLEDGE_PAGE_TOO_LARGE'],
        ['/sumiu', 'KNOWLEDGE_PAGE_UNREACHABLE'],
        ['/logo.png', 'KNOWLEDGE_PAGE_NOT_HTML'],
      ]) {
        // The page that never answers times out after 1 s (10 s in production); the others keep the
        // production timeout (a loaded machine once took over 1 s to read the 2 MB page).
        service.pageTimeoutMs = path === '/lenta' ? 1_000 : production;
        const added = await addPage(`${site}${path}`);
        expect(added.statusCode, path).toBe(200);
        expect(await settled(added.body.data._id), path).toMatchObject({
          status: 'failed',
          errorCode,
          chunks: 0,
        });
      }
    } finally {
      service.pageTimeoutMs = production;
    }
  });

  it('refuses what is not an http(s) address with the field message', async () => {
    for (const url of ['ftp://example.com/faq', 'file:///etc/passwd', 'ajuda']) {
      const res = await addPage(url, { lang: 'pt-BR' });
      expect(res.statusCode, url).toBe(400);
      expect(res.body.fields).toEqual([{ path: 'url', key: 'url', message: expect.any(String) }]);
    }
    const empty = await addPage('', { lang: 'en' });
    expect(empty.body.fields).toEqual([{ path: 'url', key: 'required', message: 'This field is required' }]);
  });

  it('is for admins only, and another account never sees the page', async () => {
    const team = await addTeam(setup.ctx, setup.owner);
    const byOperator = await addPage(`${site}/ajuda`, { token: team.operator.token });
    expect(byOperator.statusCode).toBe(403);
    expect(byOperator.body.message).toBe(NOT_AUTHORIZED);
    const added = await addPage(`${site}/ajuda`);
    await settled(added.body.data._id);
    const other = { acc: setup.other.accountId, token: setup.other.token };
    const list = await call('GET', '/p/ai/knowledge/sources', other);
    expect(list.body.data.items).toEqual([]);
    const ask = await call('POST', '/p/ai/knowledge/ask', {
      body: { question: 'garantia dos móveis' },
      ...other,
    });
    expect(ask.body.data.passages).toEqual([]);
    const retrain = await call('POST', `/p/ai/knowledge/sources/${added.body.data._id}/train`, other);
    expect(retrain.statusCode).toBe(404);
  });
});
