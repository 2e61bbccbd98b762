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
import { signUpByApi, solidPng, switchLanguage, uniqueEmail } from '../support/flows';
import { conversationRows } from '../support/inbox';
import { signedInPage, useE2eSuite } from '../support/pages';

const T = 180_000;
const APP_SECRET = 'e2e-app-secret-0123456789abcdef';
const CUSTOMER = '5511987654321';

// WhatsApp Cloud as Meta speaks it (a local fake Graph API and signed webhooks): a customer's photo
// shows in the conversation, and after the 24-hour window only an approved template can go out.
describe.skipIf(!hasChromium())('inbox on WhatsApp in chromium', () => {
  const fake = new FakeWhatsApp();
  const suite = useE2eSuite(T, async () => ({ WHATSAPP_GRAPH_URL: await fake.start() }));
  const email = uniqueEmail('ana.whatsapp');
  let operator: Page;
  let channelId: string;

  afterAll(async () => {
    await fake.stop();
  });

  /** A webhook as Meta posts it, signed with the channel's app secret. */
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
    const channel = await call<{ _id: string }>('POST', '/p/chat/channels', {
      kind: 'whatsapp-cloud',
      name: 'WhatsApp Loja',
      phoneNumberId: '123456789012',
      wabaId: '9123456789012',
      displayPhone: '+5511900000000',
      accessToken: 'EAAG-e2e-token',
      appSecret: APP_SECRET,
      verifyToken: 'e2e-verify',
    });
    channelId = channel._id;
    // A template reviewed at Meta: submitted, then approved by Meta's status webhook.
    const template = await call<{ _id: string }>('POST', '/p/chat/templates', {
      channelId,
      name: 'pedido_enviado',
      language: 'pt_BR',
      category: 'UTILITY',
      body: 'Olá {{1}}, seu pedido {{2}} foi enviado.',
      examples: { body: ['Maria', '1234'], header: [] },
    });
    const submitted = await call<{ providerTemplateId: string }>(
      'POST',
      `/p/chat/templates/${template._id}/submit`,
    );
    await webhook(
      templateStatusWebhook({
        id: submitted.providerTemplateId,
        name: 'pedido_enviado',
        language: 'pt_BR',
        event: 'APPROVED',
      }),
    );
    // The customer wrote with a photo 26 hours ago: the conversation waits, its window closed.
    fake.media.set('media-e2e-photo', { mimeType: 'image/png', data: solidPng(64, [20, 120, 200]) });
    const at = Math.floor(Date.now() / 1000) - 26 * 3600;
    await webhook(
      whatsappWebhook('123456789012', {
        messages: [
          { from: CUSTOMER, name: 'Carla Mendes', timestamp: at, text: 'Oi! Meu pedido chegou assim:' },
          {
            from: CUSTOMER,
            name: 'Carla Mendes',
            timestamp: at + 1,
            type: 'image',
            media: { id: 'media-e2e-photo', mime_type: 'image/png' },
          },
        ],
      }),
    );
    operator = await signedInPage(suite, email);
  }, T);

  it(
    "shows the customer's photo and, with the window closed, answers with an approved template",
    async () => {
      await operator.goto('/apps/inbox');
      const row = conversationRows(operator).filter({ hasText: 'Carla Mendes' });
      await row.click();
      const log = operator.getByTestId('message-list');
      await log.getByText('Oi! Meu pedido chegou assim:').waitFor();
      // The photo is read from Meta through its signed link: it really loads in the page.
      const photo = log.locator('img').first();
      await photo.waitFor();
      await expect
        .poll(() => photo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), {
          timeout: 15_000,
        })
        .toBe(64);

      const notice = operator.getByTestId('window-closed');
      await notice.getByText('A janela de 24 horas está fechada', { exact: false }).waitFor();
      await screenshot(operator, 'inbox-whatsapp-window-closed-pt-BR');
      await notice.getByRole('button', { name: 'Escolher modelo' }).click();
      const dialog = operator.getByRole('dialog');
      await dialog.getByRole('textbox', { name: /^Modelo/ }).click();
      await operator.getByRole('option', { name: 'pedido_enviado (pt_BR)' }).click();
      await dialog.getByRole('textbox', { name: 'Variável 1' }).fill('Carla');
      await dialog.getByRole('textbox', { name: 'Variável 2' }).fill('4521');
      await dialog.getByText('Olá Carla, seu pedido 4521 foi enviado.').waitFor();
      await screenshot(operator, 'inbox-whatsapp-template-pt-BR');
      await dialog.getByRole('button', { name: 'Enviar modelo' }).click();
      await dialog.waitFor({ state: 'detached' });
      await log.getByText('Olá Carla, seu pedido 4521 foi enviado.').waitFor();

      // Meta received the template (not a text), with its variables in order.
      await expect.poll(() => fake.sends.filter((s) => s.body.type === 'template').length).toBe(1);
      const sent = fake.sends.find((s) => s.body.type === 'template')!;
      expect(sent.body.to).toBe(CUSTOMER);
      expect(sent.body.template).toMatchObject({
        name: 'pedido_enviado',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Carla' },
              { type: 'text', text: '4521' },
            ],
          },
        ],
      });

      // In English (switched from the app's header; the inbox has its own layout): the same notice.
      const url = operator.url();
      await operator.goto('/dashboard');
      await switchLanguage(operator, 'en');
      await operator.goto(url);
      await operator
        .getByTestId('window-closed')
        .getByText('The 24-hour window is closed', { exact: false })
        .waitFor();
      await operator.getByRole('button', { name: 'Choose a template' }).waitFor();
      await screenshot(operator, 'inbox-whatsapp-window-closed-en');
    },
    T,
  );

  it(
    "puts the customer's reaction on the message it reacts to, and the operator reacts back",
    async () => {
      // The template above opened the window again once the customer answered; she then loves it.
      const template = fake.sends.find((s) => s.body.type === 'template')!;
      const answer = 'wamid.e2e-answer-0001';
      await webhook(
        whatsappWebhook('123456789012', {
          messages: [
            { id: answer, from: CUSTOMER, name: 'Carla Mendes', text: 'Chegou certinho, obrigada!' },
          ],
        }),
      );
      await webhook(
        whatsappWebhook('123456789012', {
          messages: [
            { from: CUSTOMER, type: 'reaction', reaction: { message_id: template.wamid, emoji: '❤️' } },
          ],
        }),
      );
      const log = operator.getByTestId('message-list');
      await log.getByText('Chegou certinho, obrigada!').waitFor();
      // The interface is in English since the test above.
      await log.getByRole('img', { name: "Customer's reaction: ❤️" }).waitFor();
      const bubble = log.getByTestId('message').filter({ hasText: 'Chegou certinho, obrigada!' });
      await bubble.hover();
      await bubble.getByRole('button', { name: 'React' }).click();
      await operator.getByRole('menuitem', { name: '👍' }).click();
      await bubble.getByRole('img', { name: /^Reaction by .+: 👍$/ }).waitFor();
      await expect
        .poll(
          () =>
            fake.sends.find((s) => s.body.type === 'reaction' && s.body.reaction.message_id === answer)?.body,
        )
        .toEqual({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: CUSTOMER,
          type: 'reaction',
          reaction: { message_id: answer, emoji: '👍' },
        });
      await screenshot(operator, 'inbox-whatsapp-reactions-en');
      // No stray bubble for the reaction.
      await expect.poll(() => log.getByText('❤️', { exact: true }).count()).toBe(1);
    },
    T,
  );
});
