import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_TIME_ZONE, hasChromium, screenshot, seriousA11yViolations } from '../support/browser';
import { login, signUpByApi, switchLanguage, uniqueEmail } from '../support/flows';
import {
  conversationRows,
  setUpInboxByApi,
  visitorStarts,
  visitorWrites,
  type TInboxSetup,
} from '../support/inbox';
import { closeToasts, useE2eSuite } from '../support/pages';
import { expectNoRawCodes } from '../support/raw-codes';

const T = 240_000;

const TEXTS = {
  'pt-BR': {
    take: 'Assumir',
    hold: 'Colocar em espera',
    dialog: 'Colocar a conversa em espera',
    atTime: 'Uma data e hora',
    tomorrow: 'Amanhã às 9:00',
    holdTab: /Em espera/,
    held: 'Conversa colocada em espera.',
    resume: 'Retomar',
    replied: 'O cliente respondeu: a conversa voltou ao atendimento',
    inAttendance: 'Em atendimento',
    record: 'Gravar mensagem de voz',
    send: 'Enviar a mensagem de voz',
    help: 'Fale conosco',
  },
  en: {
    take: 'Take',
    hold: 'Put on hold',
    dialog: 'Put the conversation on hold',
    atTime: 'A date and time',
    tomorrow: 'Tomorrow at 9:00',
    holdTab: /On hold/,
    held: 'Conversation put on hold.',
    resume: 'Resume',
    replied: 'The customer replied: the conversation is back in progress',
    inAttendance: 'In progress',
    record: 'Record a voice message',
    send: 'Send the voice message',
    help: 'Contact us',
  },
} as const;

async function openInbox(page: Page): Promise<void> {
  await page.goto('/apps/inbox');
  await page.getByRole('tablist').waitFor();
  await page.getByTestId('connection-dot').and(page.locator('[data-state="connected"]')).waitFor();
}

describe.skipIf(!hasChromium())('on hold and voice messages in chromium (1366x768)', () => {
  const suite = useE2eSuite(T);
  let context: BrowserContext;
  let operator: Page;
  let setup: TInboxSetup;
  const email = uniqueEmail('bia.hold');

  beforeAll(async () => {
    await signUpByApi(suite.server, email, 'Loja da Bia', 'pro', 'Bia Lima');
    setup = await setUpInboxByApi(suite.server, email, `loja-bia-${Date.now().toString(36)}`);
    context = await suite.browser.newContext({
      baseURL: suite.server.baseUrl,
      locale: 'pt-BR',
      timezoneId: BROWSER_TIME_ZONE,
      viewport: { width: 1366, height: 768 },
    });
    // A microphone without a device: a tone from Web Audio stands in for the user's voice.
    await context.addInitScript(() => {
      const g = globalThis as any;
      g.navigator.mediaDevices.getUserMedia = async () => {
        const audio = new g.AudioContext();
        const tone = audio.createOscillator();
        const out = audio.createMediaStreamDestination();
        tone.connect(out);
        tone.start();
        return out.stream;
      };
    });
    operator = await context.newPage();
    await login(operator, email);
    await operator.waitForURL((url) => url.pathname === '/dashboard');
  }, T);

  for (const lang of ['pt-BR', 'en'] as const) {
    it(
      `${lang}: hold until a time from the header, the hold tab, back when the customer writes, a voice message`,
      async () => {
        const tx = TEXTS[lang];
        await operator.goto('/dashboard');
        await switchLanguage(operator, lang);
        // The help menu's contact form.
        await operator.getByTestId('user-menu').click();
        await operator.getByRole('menuitem', { name: tx.help }).click();
        await operator.getByRole('dialog', { name: tx.help }).waitFor();
        await screenshot(operator, `help-contact-${lang}`);
        await operator.keyboard.press('Escape');

        await openInbox(operator);
        const visitorContext = await suite.newContext(lang === 'en' ? 'en-US' : 'pt-BR');
        const visitor = await visitorContext.newPage();
        const name = lang === 'en' ? 'John Smith' : 'Carla Mendes';
        await visitorStarts(visitor, setup.slug, name);
        await visitorWrites(visitor, lang === 'en' ? 'Is my order ready?' : 'Meu pedido está pronto?');
        const row = conversationRows(operator).filter({ hasText: name });
        await row.waitFor();
        await row.click();
        await operator.getByRole('button', { name: tx.take }).first().click();
        await operator.getByTestId('conversation-stage').filter({ hasText: tx.inAttendance }).waitFor();

        // The header action: on hold until tomorrow at 9:00.
        await operator.getByRole('button', { name: tx.hold }).click();
        const dialog = operator.getByRole('dialog', { name: tx.dialog });
        await dialog.getByRole('radio', { name: tx.atTime }).check();
        await dialog.getByRole('button', { name: tx.tomorrow }).click();
        await screenshot(operator, `inbox-hold-dialog-${lang}`);
        await dialog.getByRole('button', { name: tx.hold }).click();
        await operator.getByTestId('hold-banner').waitFor();
        await operator.getByTestId('tab-count-hold').filter({ hasText: /^1$/ }).waitFor();
        await operator.getByRole('tab', { name: tx.holdTab }).click();
        await conversationRows(operator).filter({ hasText: name }).waitFor();
        await operator.locator('.mantine-Notification-root').filter({ hasText: tx.held }).waitFor();
        await closeToasts(operator);
        await operator.getByRole('button', { name: tx.resume }).waitFor();
        await screenshot(operator, `inbox-hold-tab-${lang}`);
        await expectNoRawCodes(operator, `inbox-hold-tab-${lang}`);
        if (lang === 'pt-BR') expect(await seriousA11yViolations(operator)).toEqual([]);

        // The customer writes: back in attendance with the operator, out of the hold tab.
        await visitorWrites(visitor, lang === 'en' ? 'Hello?' : 'Oi?');
        await operator.getByTestId('message-list').getByText(tx.replied).waitFor();
        await operator.getByTestId('conversation-stage').filter({ hasText: tx.inAttendance }).waitFor();
        await operator.getByTestId('tab-count-hold').filter({ hasText: /^0$/ }).waitFor();

        // A voice message: the timer runs while recording, then it goes out as audio.
        await operator.getByRole('button', { name: tx.record }).click();
        await operator
          .getByTestId('voice-timer')
          .filter({ hasText: /0:0[1-9]/ })
          .waitFor();
        await screenshot(operator, `inbox-voice-recorder-${lang}`);
        await operator.getByRole('button', { name: tx.send }).click();
        await operator.getByTestId('message-list').locator('audio').first().waitFor();
        await operator.getByRole('button', { name: tx.record }).waitFor();
        await visitorContext.close();
      },
      T,
    );
  }
});
