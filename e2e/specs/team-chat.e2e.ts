import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, screenshot, seriousA11yViolations } from '../support/browser';
import { signUpByApi, solidPng, switchLanguage, uniqueEmail } from '../support/flows';
import { signedInPage, useE2eSuite } from '../support/pages';
import { addTeammateByApi, chatButton, chatPanel, openChat } from '../support/team-chat';

const T = 120_000;

/** Sends `text` from the open conversation and waits until it is acked. */
async function sendText(page: Page, text: string): Promise<void> {
  const panel = chatPanel(page);
  await panel.getByRole('textbox', { name: /^(Mensagem|Message)$/ }).fill(text);
  await panel.getByRole('textbox', { name: /^(Mensagem|Message)$/ }).press('Enter');
  await panel
    .getByTestId('chat-message')
    .filter({ hasText: text })
    .and(page.locator('[data-status="sent"]'))
    .waitFor();
}

describe.skipIf(!hasChromium())('team chat in chromium', () => {
  const suite = useE2eSuite(T);
  let ana: Page;
  let bruno: Page;
  const anaEmail = uniqueEmail('ana');

  beforeAll(async () => {
    await signUpByApi(suite.server, anaEmail, 'Loja da Ana', 'pro', 'Ana Souza');
    const brunoEmail = await addTeammateByApi(suite.server, anaEmail, 'Bruno Lima');
    ana = await signedInPage(suite, anaEmail);
    bruno = await signedInPage(suite, brunoEmail);
  }, T);

  it(
    'two users chat live; the badge counts unread messages and clears when the rooms are opened',
    async () => {
      // Not on the sign-in page.
      const anon = await suite.newContext();
      const loginPage = await anon.newPage();
      await loginPage.goto('/login');
      await loginPage.getByRole('button', { name: 'Entrar', exact: true }).waitFor();
      expect(await chatButton(loginPage).count()).toBe(0);
      await anon.close();

      await openChat(ana);
      const panel = chatPanel(ana);
      await panel.getByRole('button', { name: 'Conversar com Bruno Lima (Online)' }).click();
      await panel.getByTestId('conversation-title').filter({ hasText: 'Bruno Lima' }).waitFor();
      await sendText(ana, 'Oi Bruno, tudo bem?');

      // Bruno (panel closed) sees the badge count it, then two messages in the everyone room.
      await bruno.getByRole('button', { name: 'Abrir o chat interno (1 não lidas)' }).waitFor();
      await panel.getByRole('button', { name: 'Voltar para as conversas' }).click();
      await panel.getByRole('button', { name: 'Todos' }).click();
      await sendText(ana, 'Bom dia, equipe!');
      await sendText(ana, 'Reunião às 10h.');
      await bruno.getByRole('button', { name: 'Abrir o chat interno (3 não lidas)' }).waitFor();
      expect(await bruno.getByTestId('team-chat-badge').textContent()).toContain('3');

      await openChat(bruno);
      const brunoPanel = chatPanel(bruno);
      await brunoPanel.getByRole('button', { name: 'Todos, 2 não lidas' }).click();
      await brunoPanel.getByText('Reunião às 10h.').waitFor();
      await brunoPanel.getByText('Ana Souza').first().waitFor();
      await brunoPanel.getByRole('button', { name: 'Voltar para as conversas' }).click();
      await brunoPanel.getByRole('button', { name: 'Ana Souza, 1 não lidas' }).click();
      await brunoPanel.getByText('Oi Bruno, tudo bem?').waitFor();
      await brunoPanel.getByRole('button', { name: 'Fechar o chat interno' }).click();
      await bruno.getByRole('button', { name: 'Abrir o chat interno', exact: true }).waitFor();
      expect(
        await bruno.locator('[data-testid="team-chat-badge"] .mantine-Indicator-indicator').count(),
      ).toBe(0);

      // Live the other way: Ana has the everyone room open and gets Bruno's answer there.
      await openChat(bruno);
      await brunoPanel.getByRole('button', { name: 'Voltar para as conversas' }).click();
      await brunoPanel.getByRole('button', { name: 'Todos' }).click();
      await sendText(bruno, 'Tudo certo, até já!');
      await panel.getByText('Tudo certo, até já!').waitFor();
      expect(await panel.isVisible()).toBe(true);
      // Read while on screen: Ana's badge stays clear.
      expect(await ana.locator('[data-testid="team-chat-badge"] .mantine-Indicator-indicator').count()).toBe(
        0,
      );
    },
    T,
  );

  it(
    'a file is uploaded with progress, sent, shown inline and downloaded by the teammate',
    async () => {
      const panel = chatPanel(ana);
      const png = solidPng(64);
      await panel.locator('input[type="file"]').setInputFiles({
        name: 'logo-loja.png',
        mimeType: 'image/png',
        buffer: png,
      });
      await panel.getByRole('progressbar', { name: 'Enviando logo-loja.png' }).waitFor();
      await ana.waitForFunction(
        () =>
          (globalThis as any).document
            .querySelector('[aria-label="Enviando logo-loja.png"]')
            ?.getAttribute('aria-valuenow') === '100',
      );
      await sendText(ana, 'Segue o logo da loja');

      const brunoPanel = chatPanel(bruno);
      const image = brunoPanel.getByRole('img', { name: 'Imagem logo-loja.png' });
      await image.waitFor();
      await bruno.waitForFunction(
        () =>
          ((globalThis as any).document.querySelector('img[alt="Imagem logo-loja.png"]')?.naturalWidth ?? 0) >
          0,
      );
      const [download] = await Promise.all([
        bruno.waitForEvent('download'),
        brunoPanel.getByRole('link', { name: 'Baixar logo-loja.png' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('logo-loja.png');
      expect(readFileSync(await download.path()).equals(png)).toBe(true);
    },
    T,
  );

  it(
    'the AI room answers with the built-in assistant, which says it is not a language model',
    async () => {
      const panel = chatPanel(ana);
      await panel.getByRole('button', { name: 'Voltar para as conversas' }).click();
      await panel.getByRole('button', { name: 'Assistente de IA' }).click();
      await panel.getByTestId('conversation-title').filter({ hasText: 'Assistente de IA' }).waitFor();
      await sendText(ana, 'Como envio arquivos no chat interno?');
      const answer = panel
        .getByTestId('chat-message')
        .filter({ hasText: 'não um modelo de linguagem' })
        .and(ana.locator('[data-status="sent"]'));
      await answer.waitFor();
      expect(await answer.textContent()).toContain('png, jpeg, pdf, doc, docx e xlsx');
      await panel.getByTestId('ai-note').filter({ hasText: 'Assistente integrado' }).first().waitFor();
    },
    T,
  );

  it(
    'screenshots in pt-BR and en with the panel open, without serious accessibility violations',
    async () => {
      for (const lang of ['pt-BR', 'en'] as const) {
        await switchLanguage(ana, lang);
        const panel = chatPanel(ana);
        await panel.waitFor();
        const back = panel.getByRole('button', {
          name: lang === 'en' ? 'Back to conversations' : 'Voltar para as conversas',
        });
        await panel
          .getByText(lang === 'en' ? 'AI assistant' : 'Assistente de IA')
          .first()
          .waitFor();
        await screenshot(ana, `team-chat-ai-${lang}`);
        expect(await seriousA11yViolations(ana), `AI room ${lang}`).toEqual([]);
        await back.click();
        await panel.getByRole('heading', { name: lang === 'en' ? 'Team' : 'Equipe' }).waitFor();
        await screenshot(ana, `team-chat-rooms-${lang}`);
        expect(await seriousA11yViolations(ana), `rooms ${lang}`).toEqual([]);
        await panel.getByRole('button', { name: lang === 'en' ? 'Everyone' : 'Todos' }).click();
        await panel.getByText('Tudo certo, até já!').waitFor();
        await screenshot(ana, `team-chat-room-${lang}`);
        expect(await seriousA11yViolations(ana), `everyone room ${lang}`).toEqual([]);
        await panel
          .getByRole('button', { name: lang === 'en' ? 'Back to conversations' : 'Voltar para as conversas' })
          .click();
        await panel
          .getByRole('button', { name: lang === 'en' ? 'AI assistant' : 'Assistente de IA' })
          .click();
      }
      await switchLanguage(ana, 'pt-BR');

      // The inbox has its own (blank) layout: the button is there too, with the same connection rules.
      await ana.goto('/apps/inbox');
      await ana.waitForURL((url) => url.pathname === '/apps/inbox' && url.searchParams.has('acc'));
      await chatButton(ana).waitFor();
      await openChat(ana);
      await chatPanel(ana).getByRole('button', { name: 'Todos', exact: true }).waitFor();
    },
    T,
  );
});
