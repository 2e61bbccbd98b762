import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FakeOpenAi } from '../../apps/server/src/modules/team-chat/fake-openai.testing';
import { hasChromium, screenshot, seriousA11yViolations } from '../support/browser';
import { signUpByApi, switchLanguage, uniqueEmail } from '../support/flows';
import { expectNoRawCodes } from '../support/raw-codes';
import { apiCall } from '../support/api';
import {
  conversationRows,
  setUpInboxByApi,
  visitorStarts,
  visitorWrites,
  type TInboxSetup,
} from '../support/inbox';
import { goTo, inBothLanguages, signedInPage, useE2eSuite } from '../support/pages';

const T = 180_000;
const fake = new FakeOpenAi();
fake.answer = () => 'Olá Carla! O prazo para trocar um produto é de 30 dias após a entrega.';

describe.skipIf(!hasChromium())('AI for admins (Settings → AI) and operators (composer)', () => {
  const suite = useE2eSuite(T, async () => ({
    OPENAI_API_KEY: 'e2e-key',
    OPENAI_BASE_URL: await fake.start(),
    OPENAI_MODEL: 'gpt-4o-mini',
  }));
  let page: Page;
  let setup: TInboxSetup;
  const email = uniqueEmail('ana.ai');

  beforeAll(async () => {
    await signUpByApi(suite.server, email, 'Loja Aurora', 'pro', 'Ana Souza');
    setup = await setUpInboxByApi(suite.server, email, `loja-aurora-${Date.now().toString(36)}`);
    await apiCall(
      suite.server,
      'POST',
      `/p/ai/knowledge?acc=${setup.acc}`,
      { title: 'Trocas', body: 'O prazo para trocar um produto é de 30 dias após a entrega.' },
      setup.token,
    );
    page = await signedInPage(suite, email);
  }, T);
  afterAll(async () => {
    await fake.stop();
  });

  it('Settings → AI shows the prompts, the model, the usage and the notes; a prompt is saved', async () => {
    await goTo(page, '/settings');
    await page.getByRole('tab', { name: 'IA' }).click();
    const inbox = page.getByLabel('Sugestões da caixa de entrada');
    await inbox.waitFor();
    await inbox.fill('Você atende pela Loja Aurora. Tom leve e cordial; nunca ofereça desconto.');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Usando o seu prompt').waitFor();
    await inBothLanguages(page, 'settings-ai', async (lang) => {
      await page
        .getByText(lang === 'en' ? 'OpenAI-compatible model' : 'Modelo compatível com OpenAI')
        .waitFor();
      await page.getByText('gpt-4o-mini').waitFor();
      await page.getByText('O prazo para trocar um produto é de 30 dias após a entrega.').first().waitFor();
    });
  });

  it('the operator asks for a suggestion in the composer; it lands in the box, labelled, unsent', async () => {
    const visitorContext = await suite.newContext();
    const visitor = await visitorContext.newPage();
    await visitorStarts(visitor, setup.slug, 'Carla Mendes');
    await visitorWrites(visitor, 'Oi! Qual o prazo para trocar um produto?');
    for (const lang of ['pt-BR', 'en'] as const) {
      const en = lang === 'en';
      await page.goto('/dashboard');
      await switchLanguage(page, lang);
      await page.goto('/apps/inbox');
      if (!en) {
        await conversationRows(page).filter({ hasText: 'Carla Mendes' }).click();
        await page.getByRole('button', { name: 'Assumir' }).first().click();
        await page.getByTestId('conversation-stage').filter({ hasText: 'Em atendimento' }).waitFor();
      } else {
        await page.getByRole('tab', { name: /In progress/ }).click();
        await conversationRows(page).filter({ hasText: 'Carla Mendes' }).click();
      }
      const composer = page.getByRole('textbox', { name: en ? 'Message' : 'Mensagem' });
      await composer.fill('oi, o prazo e 30 dia');
      await page.getByRole('button', { name: en ? 'AI assistant' : 'Assistente de IA' }).click();
      await page.getByRole('menuitem', { name: en ? 'Suggest reply' : 'Sugerir resposta' }).waitFor();
      // Shot once the menu's fade-in is over.
      await expect
        .poll(() => page.getByRole('menu').evaluate((el) => (globalThis as any).getComputedStyle(el).opacity))
        .toBe('1');
      await expectNoRawCodes(page, `inbox-ai-menu-${lang}`);
      await screenshot(page, `inbox-ai-menu-${lang}`);
      if (!en) expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('menuitem', { name: en ? 'Suggest reply' : 'Sugerir resposta' }).click();
      await expect
        .poll(() => composer.inputValue())
        .toBe('oi, o prazo e 30 dia\nOlá Carla! O prazo para trocar um produto é de 30 dias após a entrega.');
      await page.getByTestId('ai-label').waitFor();
      await page.getByRole('menu').waitFor({ state: 'hidden' });
      await screenshot(page, `inbox-ai-suggestion-${lang}`);
      await composer.fill('');
      // "What does the knowledge base say": the operator's own question; the note is found as is.
      await page.getByRole('button', { name: en ? 'AI assistant' : 'Assistente de IA' }).click();
      await page
        .getByRole('menuitem', { name: en ? 'Search the knowledge base' : 'Buscar na base de conhecimento' })
        .click();
      const search = page.getByRole('dialog');
      await search
        .getByRole('textbox', { name: en ? 'Your question' : 'Sua pergunta' })
        .fill(en ? 'prazo para trocar' : 'prazo para trocar um produto');
      await search.getByRole('button', { name: en ? 'Search' : 'Buscar' }).click();
      await search
        .getByTestId('kb-search-item')
        .filter({ hasText: 'O prazo para trocar um produto é de 30 dias após a entrega.' })
        .waitFor();
      await expectNoRawCodes(page, `inbox-ai-search-${lang}`);
      await screenshot(page, `inbox-ai-search-${lang}`);
      await page.keyboard.press('Escape');
      await search.waitFor({ state: 'hidden' });
    }
    const sent = fake.chatRequests().at(-1)!.body.messages[0].content as string;
    expect(sent).toContain('Você atende pela Loja Aurora.');
    expect(sent).toContain('O prazo para trocar um produto é de 30 dias após a entrega.');
  });
});
