import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { hasChromium } from '../support/browser';
import { pickOption, signUpByApi, uniqueEmail } from '../support/flows';
import { goTo, inBothLanguages, signedInPage, useE2eSuite } from '../support/pages';

const T = 180_000;

/** A greeting group and an "ask the e-mail" group the greeting will run as a sub-flow. */
const FLOW = {
  version: 1,
  variables: [{ id: 'v-mail', name: 'email' }],
  events: [{ id: 'start', kind: 'start', position: { x: 0, y: 80 } }],
  groups: [
    {
      id: 'g-main',
      title: 'Boas-vindas',
      position: { x: 260, y: 40 },
      blocks: [
        { id: 'hello', type: 'text', text: 'Olá! Sou o assistente da loja.' },
        { id: 'after', type: 'text', text: 'Obrigado, anotei {{email}}.' },
      ],
    },
    {
      id: 'g-ask',
      title: 'Pedir e-mail',
      position: { x: 620, y: 40 },
      blocks: [{ id: 'ask', type: 'email_input', prompt: 'Qual é o seu e-mail?', variableId: 'v-mail' }],
    },
  ],
  edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g-main' } }],
};

describe.skipIf(!hasChromium())('chatbot editor: run group (sub-flow) block', () => {
  const suite = useE2eSuite(T);
  let page: Page;
  const email = uniqueEmail('subflow');

  beforeAll(async () => {
    await signUpByApi(suite.server, email, 'Loja Subfluxo', 'pro', 'Bianca Lima');
    page = await signedInPage(suite, email);
  }, T);

  it(
    'adds "Executar grupo" after the greeting, picks the group by name and the node reads "→ group"',
    async () => {
      const bot = await apiAs<{ _id: string }>(page, suite.server, 'POST', '/p/chatbots', {
        name: 'Loja',
        type: 'flow',
      });
      await apiAs(page, suite.server, 'PUT', `/p/chatbots/${bot._id}/draft`, FLOW);
      await goTo(page, `/apps/chatbot/edit/flow/${bot._id}`);
      await page.getByTestId('flow-editor').waitFor();

      await page.locator('[data-testid="flow-block"][data-block-id="hello"]').click();
      await page.getByTestId('palette-call').click();
      const panel = page.getByTestId('block-panel');
      await panel.getByText('Executar grupo').first().waitFor();
      await pickOption(page, /^Grupo a executar/, 'Pedir e-mail');
      const node = page.locator('[data-testid="flow-block"]').filter({ hasText: '→ Pedir e-mail' });
      await node.waitFor();
      await page.getByTestId('issues-button').getByText('Sem problemas').waitFor();
      await page.getByTestId('save-status').and(page.locator('[data-status="saved"]')).waitFor();
      const draft = await apiAs<{ draft: typeof FLOW }>(page, suite.server, 'GET', `/p/chatbots/${bot._id}`);
      expect(draft.draft.groups[0].blocks.map((b) => b.type)).toEqual(['text', 'call', 'text']);
      expect(draft.draft.groups[0].blocks[1]).toMatchObject({ type: 'call', groupId: 'g-ask' });

      for (const size of [
        { width: 1366, height: 768 },
        { width: 1920, height: 1080 },
      ]) {
        await page.setViewportSize(size);
        // The palette's logic section (with the block) in the shot.
        await page.getByTestId('palette-call').scrollIntoViewIfNeeded();
        await inBothLanguages(page, `chatbot-subflow-${size.width}`, async (lang) => {
          await panel
            .getByText(lang === 'en' ? 'Group to run' : 'Grupo a executar')
            .first()
            .waitFor();
          await page
            .locator('[data-testid="flow-block"]')
            .filter({ hasText: lang === 'en' ? 'Run group' : 'Executar grupo' })
            .waitFor();
        });
      }
    },
    T,
  );
});
