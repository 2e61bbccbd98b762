import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { apiAs } from '../support/api';
import { hasChromium, screenshot } from '../support/browser';
import { signUpByApi, switchLanguage, uniqueEmail } from '../support/flows';
import { closeToasts, goTo, signedInPage, useE2eSuite } from '../support/pages';

const T = 180_000;

/** A store's help page on a local site (the e2e server allows loopback addresses). */
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Ajuda | Loja da Carla</title></head>
<body><nav>Início · Produtos</nav><main><h1>Ajuda</h1>
<h2>Entregas</h2><p>Entregamos em todo o Brasil em até 7 dias úteis.</p>
<h2>Trocas</h2><p>Você pode trocar em até 30 dias.</p></main></body></html>`;

describe.skipIf(!hasChromium())('knowledge base web pages in chromium', () => {
  const suite = useE2eSuite(T);
  let page: Page;
  let site: Server;
  let siteUrl = '';

  beforeAll(async () => {
    site = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(PAGE);
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/ajuda`;
    const email = uniqueEmail('carla');
    await signUpByApi(suite.server, email, 'Loja da Carla', 'pro', 'Carla Souza');
    page = await signedInPage(suite, email);
    await page.setViewportSize({ width: 1366, height: 768 });
  }, T);
  afterAll(() => new Promise<void>((r) => (site ? site.close(() => r()) : r())));

  it(
    'an admin adds a web page to the knowledge base, sees the address checked, and watches it train',
    async () => {
      const bot = await apiAs<{ _id: string }>(page, suite.server, 'POST', '/p/chatbots', {
        name: 'Assistente da loja',
        type: 'ai',
      });
      await goTo(page, `/apps/chatbot/edit/ai/${bot._id}`);
      const panel = page.getByTestId('knowledge-base');
      await panel.waitFor();
      const address = panel.getByLabel('Endereço da página');
      await address.fill('loja.example.com/ajuda');
      await panel.getByRole('button', { name: 'Adicionar página' }).click();
      await panel.getByText('A URL deve começar com http:// ou https://').waitFor();
      await address.fill(siteUrl);
      await panel.getByRole('button', { name: 'Adicionar página' }).click();
      const row = panel.getByTestId('source-row').first();
      await row.getByText('Ajuda | Loja da Carla').waitFor({ timeout: 30_000 });
      // Shots of the panel in both languages (the page around it belongs to the AI bot editor,
      // whose own spec runs the accessibility check).
      await closeToasts(page);
      for (const lang of ['pt-BR', 'en'] as const) {
        await switchLanguage(page, lang);
        await row.getByText(lang === 'en' ? 'Trained' : 'Treinado').waitFor();
        await row.getByText(lang === 'en' ? 'Web page' : 'Página da web').waitFor();
        await panel.getByText(lang === 'en' ? 'Add a web page' : 'Adicionar página da web').waitFor();
        await panel.getByText(lang === 'en' ? 'Page address' : 'Endereço da página').waitFor();
        await panel.scrollIntoViewIfNeeded();
        await screenshot(page, `knowledge-web-page-${lang}`);
      }
      await switchLanguage(page, 'pt-BR');
    },
    T,
  );
});
