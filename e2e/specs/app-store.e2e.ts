// The app store end to end: an admin installs the Webhooks app, adds an endpoint (a local
// receiver), a contact is created, the delivery shows in the endpoint's log as delivered, and the
// admin replays it. Screenshots of /appstore, the delivery log, /appstore/history and
// /acc/superlogica-login in both languages.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWebhookReceiver } from '../../apps/server/src/testing/fake-webhook-receiver';
import { apiAs } from '../support/api';
import { hasChromium, screenshot, seriousA11yViolations } from '../support/browser';
import { signUpByApi, switchLanguage, uniqueEmail } from '../support/flows';
import { expectNoRawCodes } from '../support/raw-codes';
import { setUpInboxByApi, visitorStarts, visitorWrites, conversationRows } from '../support/inbox';
import { closeToasts, goTo, inBothLanguages, signedInPage, toast, useE2eSuite } from '../support/pages';

/**
 * The Dashboard app's page (http on localhost, allowed outside production): it shows the context
 * it receives through postMessage and the origin it came from.
 */
const DASHBOARD_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CRM</title></head>
<body style="font-family:sans-serif;margin:16px;color:#1b2b3a">
<h2 style="margin:0 0 8px">CRM da loja</h2>
<p>Cliente: <strong id="who">-</strong></p>
<p>Conversa: <code id="conv">-</code></p>
<p>Mensagens recebidas: <span id="count">0</span> de <code id="origin">-</code></p>
<script>
let n = 0;
window.addEventListener('message', (e) => {
  if (!e.data || e.data.type !== 'atende:context') return;
  n += 1;
  document.getElementById('who').textContent = e.data.contact.name;
  document.getElementById('conv').textContent = e.data.conversation.stage;
  document.getElementById('count').textContent = String(n);
  document.getElementById('origin').textContent = e.origin;
});
</script></body></html>`;

function startDashboardPage() {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(DASHBOARD_PAGE);
  });
  return new Promise<{ url: string; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://localhost:${(server.address() as AddressInfo).port}/panel`,
        close: () => server.close(),
      }),
    ),
  );
}

const T = 180_000;

describe.skipIf(!hasChromium())('app store in chromium', () => {
  const suite = useE2eSuite(T);
  const receiver = new FakeWebhookReceiver();
  let admin: Page;
  const email = uniqueEmail('iris.admin');

  beforeAll(async () => {
    await receiver.start();
    await signUpByApi(suite.server, email, 'Loja da Íris', 'pro', 'Íris Prado');
    admin = await signedInPage(suite, email);
  }, T);
  afterAll(() => receiver.stop());

  it(
    'installs the Webhooks app, receives an event, shows the delivery and replays it',
    async () => {
      await goTo(admin, '/appstore');
      const card = admin.getByTestId('app-card-webhooks');
      await card.getByRole('button', { name: 'Instalar' }).click();
      await toast(admin, 'Webhooks instalado').waitFor();
      await admin.getByTestId('endpoints-empty').waitFor();

      await admin.getByRole('button', { name: 'Adicionar endpoint' }).first().click();
      const dialog = admin.getByRole('dialog', { name: 'Novo endpoint de webhook' });
      await dialog.getByLabel(/^URL/).fill(receiver.url);
      await dialog.getByLabel(/^Descrição/).fill('CRM da loja');
      await dialog.getByLabel('Contato criado').check();
      await dialog.getByRole('button', { name: 'Adicionar endpoint' }).click();
      const secret = await admin.getByTestId('webhook-secret').textContent();
      expect(secret).toMatch(/^whsec_/);
      await admin
        .getByRole('dialog', { name: 'Segredo de assinatura' })
        .getByRole('button', { name: 'Fechar' })
        .last()
        .click();
      await admin.getByTestId('endpoint-row').waitFor();
      await inBothLanguages(admin, 'appstore', async (lang) => {
        await admin
          .getByRole('heading', { name: lang === 'en' ? 'App store' : 'Loja de aplicativos' })
          .waitFor();
        await admin
          .getByRole('heading', { name: lang === 'en' ? 'Webhook endpoints' : 'Endpoints de webhook' })
          .waitFor();
      });

      // An event: a contact is created in the account.
      const contact = await apiAs<{ _id: string }>(admin, suite.server, 'POST', '/p/chat/contact', {
        data: { name: 'Otávio Webhook' },
      });
      await expect
        .poll(() => receiver.received.filter((r) => r.json.data?.contactId === contact._id).length, {
          timeout: 30_000,
        })
        .toBe(1);

      await admin.getByRole('button', { name: 'Entregas' }).click();
      const row = admin.getByTestId('delivery-row').filter({ hasText: 'Contato criado' });
      await row.getByText('Entregue').waitFor({ timeout: 30_000 });
      await row.getByRole('button', { name: 'Reenviar' }).click();
      await toast(admin, 'Entrega enviada de novo').waitFor();
      await expect
        .poll(() => receiver.received.filter((r) => r.json.data?.contactId === contact._id).length, {
          timeout: 30_000,
        })
        .toBe(2);
      await row.getByText('2 tentativas').waitFor({ timeout: 30_000 });
      await row.getByText('Entregue').waitFor({ timeout: 30_000 });
      // The drawer covers the header's language menu: each language's shot reopens it.
      await closeToasts(admin);
      for (const lang of ['pt-BR', 'en'] as const) {
        if (lang === 'en') {
          await admin.keyboard.press('Escape');
          await switchLanguage(admin, 'en');
          await admin.getByRole('button', { name: 'Deliveries' }).click();
        }
        await admin
          .getByRole('heading', { name: lang === 'en' ? 'Delivery log' : 'Registro de entregas' })
          .waitFor();
        await admin
          .getByTestId('delivery-status')
          .filter({ hasText: lang === 'en' ? 'Delivered' : 'Entregue' })
          .waitFor();
        await expectNoRawCodes(admin, `appstore-deliveries-${lang}`);
        await screenshot(admin, `appstore-deliveries-${lang}`);
        if (lang === 'pt-BR') expect(await seriousA11yViolations(admin), 'appstore-deliveries').toEqual([]);
      }
      // A delivery opens to its response and the body sent.
      await admin.getByTestId('delivery-row').first().click();
      await admin.getByText('Body sent').waitFor();
      await admin.keyboard.press('Escape');
      await switchLanguage(admin, 'pt-BR');

      await goTo(admin, '/appstore/history');
      await admin.getByTestId('run-row').first().waitFor();
      await inBothLanguages(admin, 'appstore-history', async (lang) => {
        await admin
          .getByRole('heading', { name: lang === 'en' ? 'App history' : 'Histórico dos aplicativos' })
          .waitFor();
        await admin
          .getByText(lang === 'en' ? 'Install' : 'Instalação')
          .first()
          .waitFor();
      });

      await goTo(admin, '/acc/superlogica-login');
      await closeToasts(admin);
      await inBothLanguages(admin, 'superlogica-login', async (lang) => {
        await admin.getByTestId('superlogica-state').waitFor();
        await admin.getByRole('button', { name: lang === 'en' ? 'Connect' : 'Conectar' }).waitFor();
      });
    },
    T,
  );
  it(
    'shows the Dashboard app beside a conversation, given its context by postMessage, again on a switch',
    async () => {
      const page = await startDashboardPage();
      try {
        await goTo(admin, '/appstore');
        await admin.getByTestId('app-card-dashboard').getByRole('button', { name: 'Instalar' }).click();
        const dialog = admin.getByRole('dialog', { name: 'Instalar Painel' });
        await dialog.getByLabel(/^URL da página/).fill('http://crm.example.com/panel');
        await dialog.getByLabel(/^Nome da aba/).fill('CRM da loja');
        await dialog.getByRole('button', { name: 'Instalar' }).click();
        await dialog.getByText('A URL deve começar com https:// (http:// apenas para localhost)').waitFor();
        await dialog.getByLabel(/^URL da página/).fill(page.url);
        await dialog.getByRole('button', { name: 'Instalar' }).click();
        await toast(admin, 'Painel instalado').waitFor();

        const setup = await setUpInboxByApi(suite.server, email, `loja-iris-${Date.now().toString(36)}`);
        // Two visitors, each in a browser of their own.
        const visitors = [await suite.newContext(), await suite.newContext()];
        for (const [i, name] of ['Maria Cliente', 'João Cliente'].entries()) {
          const visitor = await visitors[i].newPage();
          await visitorStarts(visitor, setup.slug, name);
          await visitorWrites(visitor, `Oi, aqui é ${name}`);
        }
        await admin.goto('/apps/inbox');
        await conversationRows(admin).filter({ hasText: 'Maria Cliente' }).click();
        await admin.getByRole('tab', { name: 'CRM da loja' }).click();
        const frame = admin.frameLocator('[data-testid="dashboard-frame"]');
        await frame.locator('#who').filter({ hasText: 'Maria Cliente' }).waitFor();
        // Delivered from Atende's own origin to the page's origin only.
        expect(await frame.locator('#origin').textContent()).toBe(suite.server.baseUrl);
        // Another conversation: the page (its tab still open) gets the new context.
        await conversationRows(admin).filter({ hasText: 'João Cliente' }).click();
        await frame.locator('#who').filter({ hasText: 'João Cliente' }).waitFor();
        expect(await frame.locator('#origin').textContent()).toBe(suite.server.baseUrl);

        // Shots in both languages at the common desktop sizes (the inbox has no language menu:
        // the language is switched on the dashboard).
        for (const lang of ['pt-BR', 'en'] as const) {
          await admin.goto('/dashboard');
          await switchLanguage(admin, lang);
          await admin.goto('/apps/inbox');
          await conversationRows(admin).filter({ hasText: 'Maria Cliente' }).click();
          await admin.getByRole('tab', { name: 'CRM da loja' }).click();
          await frame.locator('#who').filter({ hasText: 'Maria Cliente' }).waitFor();
          await admin.getByRole('tab', { name: lang === 'en' ? 'Contact' : 'Contato' }).waitFor();
          await closeToasts(admin);
          await expectNoRawCodes(admin, `inbox-dashboard-app-${lang}`);
          for (const [width, height] of [
            [1366, 768],
            [1920, 1080],
          ] as const) {
            await admin.setViewportSize({ width, height });
            await screenshot(admin, `inbox-dashboard-app-${lang}-${width}`);
          }
        }
        await admin.goto('/dashboard');
        await switchLanguage(admin, 'pt-BR');
        for (const visitor of visitors) await visitor.close();
      } finally {
        page.close();
      }
    },
    T,
  );
});
