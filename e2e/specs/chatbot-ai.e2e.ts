import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { hasChromium } from '../support/browser';
import { signUpByApi, uniqueEmail } from '../support/flows';
import { goTo, inBothLanguages, signedInPage, useE2eSuite } from '../support/pages';

const T = 180_000;

describe.skipIf(!hasChromium())('AI bot editor in chromium', () => {
  const suite = useE2eSuite(T);
  let page: Page;

  beforeAll(async () => {
    const email = uniqueEmail('bia');
    await signUpByApi(suite.server, email, 'Loja da Bia', 'pro', 'Bia Lima');
    page = await signedInPage(suite, email);
  }, T);

  it(
    "an admin writes the AI bot's instructions and handover rules, saves them, and sees them after a reload",
    async () => {
      const bot = await apiAs<{ _id: string }>(page, suite.server, 'POST', '/p/chatbots', {
        name: 'Assistente da loja',
        type: 'ai',
      });
      await goTo(page, `/apps/chatbot/edit/ai/${bot._id}`);
      const card = page.getByTestId('ai-settings');
      await card.waitFor();
      await card.getByLabel('Instruções do bot').fill('Fale de forma simpática. Somos a Loja da Bia.');
      await card.getByLabel('Palavras que transferem para a equipe').fill('reclamação');
      await card.getByLabel('Palavras que transferem para a equipe').press('Enter');
      await card.getByRole('button', { name: 'Salvar' }).click();
      await page.getByText('Configurações salvas').first().waitFor();
      await page.reload();
      await card.getByText('reclamação', { exact: true }).waitFor();
      expect(await card.getByLabel('Instruções do bot').inputValue()).toBe(
        'Fale de forma simpática. Somos a Loja da Bia.',
      );
      await inBothLanguages(page, 'chatbot-ai-editor', async (lang) => {
        await card
          .getByText(lang === 'en' ? 'Instructions and handover' : 'Instruções e transferência')
          .waitFor();
        await card
          .getByText(lang === 'en' ? 'The customer asks for a person' : 'O cliente pede uma pessoa', {
            exact: true,
          })
          .waitFor();
      });
    },
    T,
  );
});
