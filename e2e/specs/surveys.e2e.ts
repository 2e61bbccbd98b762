import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall } from '../support/api';
import { hasChromium, screenshot } from '../support/browser';
import { signUpByApi, uniqueEmail } from '../support/flows';
import {
  conversationRows,
  setUpInboxByApi,
  type TInboxSetup,
  visitorStarts,
  visitorWrites,
} from '../support/inbox';
import { goTo, inBothLanguages, signedInPage, useE2eSuite } from '../support/pages';

const T = 180_000;

describe.skipIf(!hasChromium())('satisfaction surveys in chromium', () => {
  const suite = useE2eSuite(T);
  let owner: Page;
  let setup: TInboxSetup;
  const email = uniqueEmail('ana.surveys');

  beforeAll(async () => {
    await signUpByApi(suite.server, email, 'Loja da Ana', 'pro', 'Ana Souza');
    setup = await setUpInboxByApi(suite.server, email, `loja-nps-${Date.now().toString(36)}`);
    await apiCall(
      suite.server,
      'PUT',
      `/p/surveys/settings?acc=${setup.acc}`,
      { enabled: true, type: 'csat', commentEnabled: true, lang: 'pt-BR' },
      setup.token,
    );
    owner = await signedInPage(suite, email);
  }, T);

  it(
    'an operator closes a web chat conversation; the visitor rates it with a button and comments; the score is on the feedback page',
    async () => {
      const visitorContext = await suite.newContext();
      const visitor = await visitorContext.newPage();
      // A phone: the log is short, so what the chat shows last must be scrolled into view.
      await visitor.setViewportSize({ width: 390, height: 460 });
      await visitorStarts(visitor, setup.slug, 'Carla Mendes');
      await visitorWrites(visitor, 'Oi, quero trocar um produto.');

      // The operator takes it and closes it with a reason.
      await owner.goto('/apps/inbox');
      const row = conversationRows(owner).filter({ hasText: 'Carla Mendes' });
      await row.waitFor();
      await row.click();
      await owner.getByRole('button', { name: 'Assumir' }).first().click();
      await owner.getByTestId('conversation-stage').filter({ hasText: 'Em atendimento' }).waitFor();
      await owner.getByRole('button', { name: 'Encerrar' }).click();
      const dialog = owner.getByRole('dialog', { name: 'Encerrar conversa' });
      await dialog.getByRole('textbox', { name: /Motivo do encerramento/ }).click();
      await owner.getByRole('option', { name: 'Dúvida resolvida' }).click();
      await dialog.getByRole('button', { name: 'Encerrar conversa' }).click();
      await dialog.waitFor({ state: 'detached' });

      // The visitor is asked in the chat, with rating buttons (the survey's question after the close
      // takes the place of the closed notice, so the visitor can also type the answer).
      await visitor.getByText('Como você avalia o nosso atendimento?', { exact: false }).waitFor();
      const excellent = visitor.locator('.options').getByRole('button', { name: '5 - Excelente' });
      await excellent.waitFor();
      await screenshot(visitor, 'survey-webchat-question-pt-BR');
      // Back on the page later: the question still awaits the answer, so the composer is there
      // for it, not the closed notice.
      await visitor.reload();
      await excellent.waitFor();
      await visitor.locator('#composer').waitFor();
      expect(await visitor.locator('#closed').isVisible()).toBe(false);
      await excellent.click();
      // The comment question follows; the visitor types it in the chat.
      await visitor.getByText('Quer nos contar o motivo da sua nota?', { exact: false }).waitFor();
      await visitorWrites(visitor, 'Fui muito bem atendida!');
      await visitor.getByText('Obrigado pela sua avaliação!').waitFor();
      await screenshot(visitor, 'survey-webchat-answered-pt-BR');
      // Back on the page once answered: the closed notice takes the composer's place under the
      // log, and the log's last message stays in view above it (the log is read from its end).
      await visitor.reload();
      await visitor.locator('#closed').waitFor();
      await visitor.waitForFunction(
        () => {
          // Runs in the page (this project has no DOM types).
          const doc = (globalThis as any).document;
          const log = doc.getElementById('messages').getBoundingClientRect();
          const last = [...doc.querySelectorAll('#messages .msg')].pop().getBoundingClientRect();
          return last.bottom <= log.bottom + 1;
        },
        undefined,
        { timeout: 3000 },
      );
      await screenshot(visitor, 'survey-webchat-closed-again-pt-BR');
      await visitorContext.close();

      // The answer did not reopen the conversation nor open another.
      const open = await apiCall<{ count: number }>(
        suite.server,
        'GET',
        `/p/chat/conversation/list?acc=${setup.acc}&tab=waiting`,
        undefined,
        setup.token,
      );
      expect(open.count).toBe(0);

      // The feedback page shows the score and the comment.
      await goTo(owner, '/apps/feedback');
      await owner.getByTestId('feedback-csat-value').filter({ hasText: '100%' }).waitFor();
      await owner.getByTestId('verbatim').filter({ hasText: 'Fui muito bem atendida!' }).waitFor();
      await inBothLanguages(owner, 'feedback', async (lang) => {
        await owner
          .getByRole('heading', { name: lang === 'en' ? 'Feedback' : 'Avaliações', level: 1 })
          .waitFor();
        await owner.getByTestId('feedback-rate-value').filter({ hasText: '100%' }).waitFor();
      });
      await owner.setViewportSize({ width: 1920, height: 1080 });
      await screenshot(owner, 'feedback-1920-pt-BR');
      await owner.setViewportSize({ width: 1366, height: 768 });

      // The admin's settings section.
      await goTo(owner, '/settings');
      await owner.getByRole('tab', { name: 'Pesquisas' }).click();
      await owner.getByTestId('survey-settings').waitFor();
      await inBothLanguages(owner, 'survey-settings', async (lang) => {
        await owner
          .getByRole('switch', {
            name: lang === 'en' ? 'Send satisfaction surveys' : 'Enviar pesquisas de satisfação',
          })
          .waitFor();
      });
    },
    T,
  );
});
