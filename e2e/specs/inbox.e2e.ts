import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, screenshot, seriousA11yViolations } from '../support/browser';
import { signUpByApi, solidPng, switchLanguage, uniqueEmail } from '../support/flows';
import {
  conversationRows,
  setUpInboxByApi,
  visitorStarts,
  visitorWrites,
  type TInboxSetup,
} from '../support/inbox';
import { signedInPage, useE2eSuite } from '../support/pages';

const T = 180_000;

/** The inbox of a signed-in operator (its own layout: no sidebar). */
async function openInbox(page: Page): Promise<void> {
  await page.goto('/apps/inbox');
  await page.getByRole('tablist').waitFor();
  await page.getByTestId('connection-dot').and(page.locator('[data-state="connected"]')).waitFor();
}

describe.skipIf(!hasChromium())('inbox in chromium', () => {
  const suite = useE2eSuite(T);
  let operator: Page;
  let setup: TInboxSetup;
  const email = uniqueEmail('ana.inbox');

  beforeAll(async () => {
    await signUpByApi(suite.server, email, 'Loja da Ana', 'pro', 'Ana Souza');
    setup = await setUpInboxByApi(suite.server, email, `loja-ana-${Date.now().toString(36)}`);
    operator = await signedInPage(suite, email);
  }, T);

  it(
    'a visitor writes on the chat page; the operator sees it live, takes it, answers with a quick message and closes it with a reason',
    async () => {
      await openInbox(operator);
      const waitingTab = operator.getByRole('tab', { name: /Aguardando Atendimento/ });
      expect(await waitingTab.getAttribute('aria-selected')).toBe('true');
      await operator.getByText('Ninguém aguardando atendimento.', { exact: false }).waitFor();
      expect(await operator.getByTestId('tab-count-waiting').textContent()).toBe('0');

      // The visitor, in another browser context, on the channel's public page.
      const visitorContext = await suite.newContext();
      const visitor = await visitorContext.newPage();
      await visitorStarts(visitor, setup.slug, 'Carla Mendes');
      await visitorWrites(visitor, 'Oi, meu pedido ainda não chegou.');

      // Live in 'Aguardando Atendimento', without reloading.
      const row = conversationRows(operator).filter({ hasText: 'Carla Mendes' });
      await row.waitFor();
      await row.getByText('Oi, meu pedido ainda não chegou.').waitFor();
      await operator.getByTestId('tab-count-waiting').filter({ hasText: /^1$/ }).waitFor();
      await row.click();
      const log = operator.getByTestId('message-list');
      await log.getByText('Oi, meu pedido ainda não chegou.').waitFor();
      expect(await operator.getByTestId('conversation-stage').textContent()).toBe('Aguardando');
      await screenshot(operator, 'inbox-waiting-pt-BR');

      // Take it: in attendance with Ana; the waiting tab is empty again.
      await operator.getByRole('button', { name: 'Assumir' }).first().click();
      await operator.getByTestId('conversation-stage').filter({ hasText: 'Em atendimento' }).waitFor();
      await log.getByText('Ana Souza assumiu a conversa').waitFor();
      await operator.getByTestId('tab-count-waiting').filter({ hasText: /^0$/ }).waitFor();
      await operator.getByTestId('tab-count-attendance').filter({ hasText: /^1$/ }).waitFor();

      // '/' lists the quick messages; Enter inserts the rendered text, Enter again sends it.
      const composer = operator.getByRole('textbox', { name: 'Mensagem' });
      await composer.click();
      await composer.pressSequentially('/boas');
      const menu = operator.getByTestId('quick-menu');
      await menu.getByRole('option', { name: /\/boasvindas/ }).waitFor();
      await composer.press('Enter');
      const answer = 'Olá Carla, aqui é Ana Souza. Seu pedido já foi enviado!';
      await expect.poll(() => composer.inputValue()).toBe(answer);
      await composer.press('Enter');
      await expect.poll(() => composer.inputValue()).toBe('');

      // The visitor gets it live; the operator sees it delivered and read (✓✓ blue).
      await visitor.locator('#messages').getByText(answer).waitFor();
      // The visitor's own message shows read (the operator opened it), with its time; the page passes axe.
      await visitor.locator('.mine').getByRole('img', { name: 'Lida' }).first().waitFor();
      expect(await visitor.locator('.mine time').count()).toBeGreaterThan(0);
      expect(await seriousA11yViolations(visitor)).toEqual([]);
      const sent = log.getByTestId('message').filter({ hasText: answer });
      await sent.and(operator.locator('[data-ack="read"]')).waitFor();
      expect(await sent.getByRole('img', { name: 'Lida' }).count()).toBe(1);

      // And the visitor's reply comes back live.
      await visitorWrites(visitor, 'Obrigada, Ana!');
      await log.getByText('Obrigada, Ana!').waitFor();
      await screenshot(operator, 'inbox-conversation-pt-BR');
      expect(await seriousA11yViolations(operator)).toEqual([]);

      // Close with a reason: required when the account has reasons.
      await operator.getByRole('button', { name: 'Encerrar' }).click();
      const dialog = operator.getByRole('dialog', { name: 'Encerrar conversa' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Encerrar conversa' }).click();
      await dialog.getByText('Selecione campo é obrigatório').waitFor();
      await dialog.getByRole('textbox', { name: /Motivo do encerramento/ }).click();
      await operator.getByRole('option', { name: 'Dúvida resolvida' }).click();
      await dialog.getByRole('textbox', { name: /Submotivo/ }).click();
      await operator.getByRole('option', { name: 'Entrega' }).click();
      await screenshot(operator, 'inbox-close-dialog-pt-BR');
      expect(await seriousA11yViolations(operator)).toEqual([]);
      await dialog.getByRole('button', { name: 'Encerrar conversa' }).click();
      await dialog.waitFor({ state: 'detached' });
      await operator.getByText('Conversa encerrada. Motivo: Dúvida resolvida / Entrega').waitFor();
      await log.getByText('Ana Souza encerrou a conversa (Dúvida resolvida / Entrega)').waitFor();
      await operator.getByTestId('tab-count-attendance').filter({ hasText: /^0$/ }).waitFor();
      expect(await conversationRows(operator).count()).toBe(0);
      // The visitor is told at once and may start a new conversation.
      await visitor.getByText('Esta conversa foi encerrada.').waitFor();
      await visitor.getByRole('button', { name: 'Iniciar nova conversa' }).click();
      await visitor.getByRole('textbox', { name: 'Mensagem' }).waitFor();
      await visitorContext.close();
    },
    T,
  );

  it(
    'in English: a second visitor arrives live; list, conversation and close dialog',
    async () => {
      await operator.goto('/dashboard');
      await switchLanguage(operator, 'en');
      await openInbox(operator);
      await operator.getByRole('tab', { name: /Waiting/ }).waitFor();
      const visitorContext = await suite.newContext('en-US');
      const visitor = await visitorContext.newPage();
      await visitorStarts(visitor, setup.slug, 'John Smith');
      await visitorWrites(visitor, 'Hi, do you ship to Portugal?');
      const row = conversationRows(operator).filter({ hasText: 'John Smith' });
      await row.waitFor();
      await row.click();
      await operator.getByTestId('message-list').getByText('Hi, do you ship to Portugal?').waitFor();
      await screenshot(operator, 'inbox-waiting-en');
      await operator.getByRole('button', { name: 'Take' }).first().click();
      await operator.getByTestId('conversation-stage').filter({ hasText: 'In progress' }).waitFor();
      await operator.getByRole('tab', { name: /In progress/ }).click();
      await conversationRows(operator).filter({ hasText: 'John Smith' }).waitFor();
      expect(await conversationRows(operator).count()).toBe(1);
      expect(await operator.getByTestId('tab-count-attendance').textContent()).toBe('1');
      // A file: uploaded with progress, sent, shown inline to the operator and to the visitor.
      await operator.locator('input[type="file"]').setInputFiles({
        name: 'shipping-table.png',
        mimeType: 'image/png',
        buffer: solidPng(64),
      });
      await operator.getByTestId('attachment').filter({ hasText: 'shipping-table.png' }).waitFor();
      await operator
        .getByRole('button', { name: 'Send', exact: true })
        .and(operator.locator(':not([disabled])'))
        .click();
      await operator.getByTestId('message-list').getByRole('img', { name: 'shipping-table.png' }).waitFor();
      await visitor.locator('#messages img[alt="shipping-table.png"]').waitFor();
      const note = 'Check the shipping table before answering.';
      await operator.locator('label').filter({ hasText: 'Private note' }).click();
      await operator.getByRole('textbox', { name: 'Private note' }).fill(note);
      await operator.getByRole('button', { name: 'Add note' }).click();
      await operator.getByTestId('message').filter({ hasText: note }).getByText('Private note').waitFor();
      await screenshot(operator, 'inbox-conversation-en');
      expect(await seriousA11yViolations(operator)).toEqual([]);
      await operator.getByRole('main').getByRole('button', { name: 'Close', exact: true }).click();
      const dialog = operator.getByRole('dialog', { name: 'Close conversation' });
      await dialog.getByRole('textbox', { name: /Closing reason/ }).click();
      await operator.getByRole('option', { name: 'Dúvida resolvida' }).click();
      await screenshot(operator, 'inbox-close-dialog-en');
      await dialog.getByRole('button', { name: 'Close conversation' }).click();
      await operator.getByText('Conversation closed. Reason: Dúvida resolvida').waitFor();
      // The visitor never saw the private note.
      expect(await visitor.locator('#messages').getByText(note).count()).toBe(0);
      await visitorContext.close();
    },
    T,
  );

  it(
    "a second tab shows the 'Use here' conflict; using it there pauses the first tab",
    async () => {
      await openInbox(operator);
      const second = await operator.context().newPage();
      await second.goto('/apps/inbox');
      await second.getByTestId('tab-conflict').waitFor();
      await second.getByRole('button', { name: 'Use here' }).click();
      await second.getByRole('tablist').waitFor();
      await operator.getByTestId('tab-conflict').waitFor();
      await second.close();
    },
    T,
  );

  it(
    'usable at 768 px: the contact panel in a drawer; closed history; the start page',
    async () => {
      await operator.setViewportSize({ width: 768, height: 900 });
      await openInbox(operator);
      await operator.getByRole('button', { name: 'Closed conversations' }).click();
      await operator.getByRole('button', { name: 'Closed conversations', pressed: true }).waitFor();
      const row = conversationRows(operator).filter({ hasText: 'Carla Mendes' });
      await row.click();
      await operator.getByText('Conversation closed. Reason: Dúvida resolvida / Entrega').waitFor();
      // Two columns at 768: the list stays beside the conversation; the contact panel is a drawer.
      expect(await operator.getByRole('navigation', { name: 'Conversations' }).isVisible()).toBe(true);
      await operator.getByRole('button', { name: 'Contact details' }).click();
      await operator.getByRole('dialog', { name: 'Contact details' }).getByTestId('contact-name').waitFor();
      await screenshot(operator, 'inbox-768-en');
      await operator.keyboard.press('Escape');
      await operator.getByRole('dialog', { name: 'Contact details' }).waitFor({ state: 'detached' });

      await operator.setViewportSize({ width: 1280, height: 860 });
      await operator.getByRole('link', { name: 'New conversation' }).click();
      await operator.waitForURL((url) => url.pathname === '/apps/inbox/start-conversation');
      await operator.getByRole('heading', { name: 'Start a conversation' }).waitFor();
      await operator.getByText('No WhatsApp or SMS channel connected.', { exact: false }).first().waitFor();
      await screenshot(operator, 'inbox-start-en');
      expect(await seriousA11yViolations(operator)).toEqual([]);
    },
    T,
  );
});
