import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { hasChromium, screenshot } from '../support/browser';
import { pickOption, signUpByApi, uniqueEmail } from '../support/flows';
import { conversationRows, visitorWrites } from '../support/inbox';
import { closeToasts, goTo, inBothLanguages, signedInPage, useE2eSuite } from '../support/pages';

const T = 180_000;
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

/** Shots of the page in both languages at 1366×768 and 1920×1080 (back to the default size after). */
async function shootSizes(page: Page, name: string, check: (lang: 'pt-BR' | 'en') => Promise<void>) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await inBothLanguages(page, `${name}-${size.width}`, check);
  }
  await page.setViewportSize({ width: 1360, height: 860 });
}

describe.skipIf(!hasChromium())('chatbots in chromium', () => {
  const suite = useE2eSuite(T);
  let page: Page;
  const email = uniqueEmail('bianca');
  const slug = `loja-bot-${Date.now().toString(36)}`;
  let editorUrl = '';

  beforeAll(async () => {
    await signUpByApi(suite.server, email, 'Loja da Bianca', 'pro', 'Bianca Lima');
    page = await signedInPage(suite, email);
  }, T);

  it(
    'the empty list explains bots; a flow bot is created blank and opens in the editor',
    async () => {
      await goTo(page, '/apps/chatbots');
      await page.getByTestId('chatbots-empty').waitFor();
      await shootSizes(page, 'chatbots-empty', async (lang) => {
        await page.getByText(lang === 'en' ? 'No chatbots yet' : 'Nenhum chatbot ainda').waitFor();
      });
      await page.getByTestId('chatbots-empty').getByRole('button', { name: 'Novo chatbot' }).click();
      await page.getByTestId('chatbot-type-flow').click();
      await page.waitForURL((url) => url.pathname === '/apps/chatbot/create/flow');
      await page.getByTestId('template-gallery').getByText('Captura de leads').waitFor();
      await page.getByLabel(/^Nome do chatbot/).fill('Atendimento do site');
      await page.getByRole('button', { name: 'Criar e abrir o editor' }).click();
      await page.waitForURL((url) => /^\/apps\/chatbot\/edit\/flow\/[^/]+$/.test(url.pathname));
      editorUrl = new URL(page.url()).pathname;
      await page.getByTestId('flow-editor').waitFor();
      await page.getByTestId('flow-event-start').waitFor();
    },
    T,
  );

  it(
    'builds a small flow with the palette and side panel (greeting, name, e-mail, handover), autosaved',
    async () => {
      const panel = page.getByTestId('block-panel');
      await page.getByTestId('palette-text').click();
      await panel.getByRole('textbox', { name: 'Mensagem' }).fill('Olá! Sou o assistente da Loja da Bianca.');
      await page.getByTestId('palette-text_input').click();
      await panel.getByRole('textbox', { name: 'Pergunta' }).fill('Qual é o seu nome?');
      await pickOption(page, /^Gravar no contato/, 'Nome');
      await page.getByTestId('palette-email_input').click();
      await panel.getByRole('textbox', { name: 'Pergunta' }).fill('Qual é o seu e-mail?');
      await pickOption(page, /^Gravar no contato/, 'E-mail');
      await page.getByTestId('palette-transfer').click();
      await expect.poll(() => page.getByTestId('flow-block').count()).toBe(4);

      // The start is not connected yet: one problem, shown on the start event.
      await page.getByTestId('issues-button').getByText('1 problema').waitFor();
      await page.getByTestId('flow-event-start').click();
      await pickOption(page, /^Começa no grupo/, 'Grupo 1');
      await page.getByTestId('issues-button').getByText('Sem problemas').waitFor();
      await page.getByTestId('save-status').and(page.locator('[data-status="saved"]')).waitFor();

      // Undo takes the connection away, redo brings it back.
      await page.locator('.react-flow__pane').click();
      await page.keyboard.press('Control+z');
      await page.getByTestId('issues-button').getByText('1 problema').waitFor();
      await page.keyboard.press('Control+Shift+z');
      await page.getByTestId('issues-button').getByText('Sem problemas').waitFor();

      // The draft is stored: a reload shows the same four blocks.
      await page.getByTestId('save-status').and(page.locator('[data-status="saved"]')).waitFor();
      await page.reload();
      await page.getByTestId('flow-editor').waitFor();
      await expect.poll(() => page.getByTestId('flow-block').count()).toBe(4);

      await page.getByTestId('flow-block').first().click();
      await shootSizes(page, 'chatbot-editor', async (lang) => {
        await page
          .getByTestId('palette-text')
          .getByText(lang === 'en' ? 'Text' : 'Texto')
          .waitFor();
      });
    },
    T,
  );

  it(
    'the chat page gets its address and embed snippet; a taken address is said on its field',
    async () => {
      // Another web chat already has this address: said on the field.
      await apiAs(page, suite.server, 'POST', '/p/chat/channels', {
        kind: 'webchat',
        name: 'Chat antigo',
        slug: `${slug}-old`,
      });
      await goTo(page, editorUrl.replace('/apps/chatbot/edit/flow/', '/apps/chatpage/edit/'));
      await page.getByLabel(/^Endereço da página/).fill(`${slug}-old`);
      await page.getByTestId('chatpage-save').click();
      await page.getByText('nome da página de chat em uso').waitFor();
      expect(await page.getByTestId('chatpage-links').count()).toBe(0);
      await page.getByLabel(/^Endereço da página/).fill(slug);
      await page.getByLabel(/^Texto de boas-vindas/).fill('Bem-vindo à Loja da Bianca!');
      await page.getByTestId('chatpage-preview').getByText('Bem-vindo à Loja da Bianca!').waitFor();
      await page.getByTestId('chatpage-save').click();
      await page.getByTestId('chatpage-links').waitFor();
      expect(await page.getByTestId('chatpage-url').inputValue()).toBe(
        `${suite.server.baseUrl}/chat/${slug}`,
      );
      expect(await page.getByTestId('chatpage-snippet').textContent()).toContain(`/widget/${slug}.js`);
      await shootSizes(page, 'chatpage-editor', async (lang) => {
        await page.getByText(lang === 'en' ? 'Public address' : 'Endereço público').waitFor();
      });
      await closeToasts(page);
    },
    T,
  );

  it(
    'the live test runs the draft; publishing puts it live',
    async () => {
      await goTo(page, editorUrl);
      await page.getByRole('button', { name: 'Testar' }).click();
      const log = page.getByTestId('test-log');
      await page.getByTestId('test-input').and(page.locator(':enabled')).waitFor();
      await page.getByTestId('test-input').fill('Oi');
      await page.getByTestId('test-input').press('Enter');
      await log.getByText('Olá! Sou o assistente da Loja da Bianca.').waitFor();
      await log.getByText('Qual é o seu nome?').waitFor();
      await screenshot(page, 'chatbot-test-panel');
      await page.getByRole('button', { name: 'Fechar' }).last().click();

      await page.getByTestId('publish-button').click();
      await page.getByTestId('chatbot-status').filter({ hasText: 'Publicado' }).waitFor();
      await goTo(page, '/apps/chatbots');
      const row = page.getByTestId('chatbot-row');
      await row.getByTestId('chatbot-status').filter({ hasText: 'Publicado' }).waitFor();
      await row.getByText(/versão 1/).waitFor();
      await shootSizes(page, 'chatbots-list', async (lang) => {
        await page.getByText(lang === 'en' ? 'In flow now' : 'Em fluxo agora').waitFor();
      });
    },
    T,
  );

  it(
    'a visitor talks to the bot on the chat page and is handed over; the operator sees the captured name and e-mail',
    async () => {
      const visitorContext = await suite.newContext();
      const visitor = await visitorContext.newPage();
      await visitor.goto(`/chat/${slug}`);
      await visitor.locator('#text').waitFor({ state: 'visible' });
      await visitorWrites(visitor, 'Oi');
      const messages = visitor.locator('#messages');
      await messages.getByText('Olá! Sou o assistente da Loja da Bianca.').waitFor();
      await messages.getByText('Qual é o seu nome?').waitFor();
      await visitorWrites(visitor, 'Carla Mendes');
      await messages.getByText('Qual é o seu e-mail?').waitFor();
      await visitorWrites(visitor, 'carla.mendes@example.com');
      await screenshot(visitor, 'chatbot-chat-page-visitor');

      await goTo(page, '/apps/inbox');
      const row = conversationRows(page).filter({ hasText: 'Carla Mendes' });
      await row.waitFor({ timeout: 30_000 });
      await row.click();
      await page.getByTestId('contact-name').filter({ hasText: 'Carla Mendes' }).waitFor();
      await page.getByText('carla.mendes@example.com').first().waitFor();
      await page.getByTestId('message-list').getByText('Qual é o seu e-mail?').waitFor();
      await screenshot(page, 'chatbot-handover-inbox');
      await visitorContext.close();
    },
    T,
  );
});
