// The app store end to end: an admin installs the Webhooks app, adds an endpoint (a local
// receiver), a contact is created, the delivery shows in the endpoint's log as delivered, and the
// admin replays it. Screenshots of /appstore, the delivery log, /appstore/history and
// /acc/superlogica-login in both languages.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeWebhookReceiver } from '../../apps/server/src/testing/fake-webhook-receiver';
import { apiAs } from '../support/api';
import { hasChromium, screenshot, seriousA11yViolations } from '../support/browser';
import { signUpByApi, switchLanguage, uniqueEmail } from '../support/flows';
import { expectNoRawCodes } from '../support/raw-codes';
import { closeToasts, goTo, inBothLanguages, signedInPage, toast, useE2eSuite } from '../support/pages';

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
});
