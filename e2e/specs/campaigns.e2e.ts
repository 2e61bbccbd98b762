import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FakeWhatsApp,
  signedWhatsAppPost,
  templateStatusWebhook,
  whatsappWebhook,
} from '../../apps/server/src/testing/fake-whatsapp';
import { apiCall, apiSignIn } from '../support/api';
import { hasChromium, screenshot } from '../support/browser';
import { pickOption, signUpByApi, uniqueEmail } from '../support/flows';
import { shootBothLanguages, signedInPage, useE2eSuite } from '../support/pages';

const T = 240_000;
const APP_SECRET = 'e2e-campaign-secret-0123456789ab';
const PHONE_ID = '223456789012';
const CSV = [
  'nome;telefone;pedido',
  'Rita Souza;(11) 98111-0001;A-100',
  'Caio Lima;11 98111-0002;A-200',
  'Bia Reis;11981110003;A-300',
].join('\n');

// Campaigns (issue 16): a WhatsApp campaign built from a CSV in the wizard, watched until it
// finishes on its live page, and a recipient's reply landing in the inbox's Campanhas tab.
describe.skipIf(!hasChromium())('campaigns in chromium', () => {
  const fake = new FakeWhatsApp();
  const suite = useE2eSuite(T, async () => ({ WHATSAPP_GRAPH_URL: await fake.start() }));
  const email = uniqueEmail('ana.campanhas');
  let page: Page;
  let channelId: string;

  afterAll(async () => {
    await fake.stop();
  });

  async function webhook(payload: unknown) {
    const signed = signedWhatsAppPost(APP_SECRET, payload);
    const res = await fetch(`${suite.server.baseUrl}/webhooks/whatsapp-cloud/${channelId}`, {
      method: 'POST',
      headers: signed.headers,
      body: signed.body,
    });
    expect(res.status).toBe(200);
  }

  beforeAll(async () => {
    await signUpByApi(suite.server, email, 'Loja da Ana', 'pro', 'Ana Souza');
    const { token, acc } = await apiSignIn(suite.server, email);
    const call = <T>(method: string, path: string, body?: unknown) =>
      apiCall<T>(suite.server, method, `${path}?acc=${acc}`, body, token);
    channelId = (
      await call<{ _id: string }>('POST', '/p/chat/channels', {
        kind: 'whatsapp-cloud',
        name: 'WhatsApp Loja',
        phoneNumberId: PHONE_ID,
        wabaId: '9223456789012',
        displayPhone: '+5511900000001',
        accessToken: 'EAAG-e2e-token',
        appSecret: APP_SECRET,
        verifyToken: 'e2e-verify',
      })
    )._id;
    const template = await call<{ _id: string }>('POST', '/p/chat/templates', {
      channelId,
      name: 'oferta_semana',
      language: 'pt_BR',
      category: 'MARKETING',
      body: 'Olá {{1}}, seu cupom do pedido {{2}} vale 10% nesta semana.',
      examples: { body: ['Maria', 'A-1'], header: [] },
    });
    const submitted = await call<{ providerTemplateId: string }>(
      'POST',
      `/p/chat/templates/${template._id}/submit`,
    );
    await webhook(
      templateStatusWebhook({
        id: submitted.providerTemplateId,
        name: 'oferta_semana',
        language: 'pt_BR',
        event: 'APPROVED',
      }),
    );
    page = await signedInPage(suite, email);
  }, T);

  it(
    'creates a campaign from a CSV, watches it finish, and sees a reply in the Campanhas tab',
    async () => {
      await page.goto('/apps/campaigns/new');
      await page.getByRole('textbox', { name: /^Canal/ }).click();
      await page.getByRole('option', { name: /WhatsApp Loja/ }).click();
      await page.getByRole('textbox', { name: /^Modelo aprovado/ }).click();
      await page.getByRole('option', { name: 'oferta_semana (pt_BR)' }).click();
      await page.getByTestId('wizard-template-preview').waitFor();
      await page.getByTestId('wizard-next').click();
      await page.getByTestId('wizard-name').fill('Cupom da semana');
      await page.getByTestId('wizard-next').click();
      // Contacts data: the CSV, then the second variable from its 'pedido' column.
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') });
      await page
        .getByTestId('wizard-csv-result')
        .getByText('3 destinatários adicionados', { exact: false })
        .waitFor();
      await pickOption(page, page.getByRole('textbox', { name: 'Variável {{2}}' }), 'Coluna: pedido');
      await screenshot(page, 'campaign-wizard-contacts-pt-BR');
      await page.getByTestId('wizard-next').click();
      // Review: counts, three rendered messages, the consent terms.
      await page.getByText('Olá Rita, seu cupom do pedido A-100 vale 10% nesta semana.').waitFor();
      expect(await page.getByTestId('review-valid').textContent()).toBe('3');
      await page.getByTestId('wizard-send').click();
      await page.getByText('Aceite os termos de consentimento para enviar a campanha').waitFor();
      await page.getByTestId('review-consent').check();
      await screenshot(page, 'campaign-wizard-review-pt-BR');
      await page.getByTestId('wizard-send').click();

      // The campaign page follows it live until it finishes.
      await page.waitForURL(/\/apps\/campaigns\/[0-9a-f-]{36}/);
      await page.getByTestId('campaign-status').getByText('Finalizada').waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId('progress-sent').textContent()).toBe('3');
      expect(fake.sends.filter((s) => s.body.type === 'template')).toHaveLength(3);
      // Meta reports one read: the page shows it without a reload.
      const toRita = fake.sends.find((s) => s.body.to === '5511981110001')!;
      await webhook(whatsappWebhook(PHONE_ID, { statuses: [{ id: toRita.wamid, status: 'read' }] }));
      await expect.poll(() => page.getByTestId('progress-read').textContent()).toBe('1');
      await shootBothLanguages(page, 'campaign-page', async (lang) => {
        await page
          .getByTestId('campaign-status')
          .getByText(lang === 'en' ? 'Finished' : 'Finalizada')
          .waitFor();
      });

      // Rita replies: the conversation opens in the inbox's Campanhas tab.
      await webhook(
        whatsappWebhook(PHONE_ID, {
          messages: [{ from: '5511981110001', name: 'Rita Souza', text: 'Quero usar o cupom!' }],
        }),
      );
      await expect.poll(() => page.getByTestId('progress-replied').textContent()).toBe('1');
      await page.goto('/apps/inbox');
      await page.getByRole('tab', { name: /Campanhas/ }).click();
      await page.getByText('Rita Souza').first().waitFor();
      await screenshot(page, 'campaign-reply-inbox-pt-BR');

      await page.goto('/apps/campaigns');
      await page.getByTestId('campaign-row').first().waitFor();
      await shootBothLanguages(page, 'campaigns-list', async (lang) => {
        await page.getByText(lang === 'en' ? 'New WhatsApp campaign' : 'Nova campanha de WhatsApp').waitFor();
      });
      // The account's opt-out words (admins), with the defaults in use.
      await page.getByTestId('opt-out-settings').click();
      await page.getByText('Usando as palavras padrão (português e inglês)').waitFor();
      // The dialog's fade-in has ended.
      await page.waitForFunction(() => {
        const content = (globalThis as any).document.querySelector('.mantine-Modal-content');
        return content && (globalThis as any).getComputedStyle(content).opacity === '1';
      });
      await screenshot(page, 'campaigns-opt-out-words-pt-BR');
      await page.keyboard.press('Escape');
    },
    T,
  );
});
