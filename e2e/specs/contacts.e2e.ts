import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, screenshot, seriousA11yViolations } from '../support/browser';
import { apiAs } from '../support/api';
import { columnCount, leadColumn } from '../support/contacts';
import { pickOption, signUpByApi, switchLanguage, uniqueEmail } from '../support/flows';
import { closeToasts, goTo, inBothLanguages, signedInPage, toast, useE2eSuite } from '../support/pages';

const T = 120_000;
/** Polls longer than vitest's 1 s default: the machine is shared, a debounced search plus a request can take longer. */

interface TPhase {
  _id: string;
  key: string | null;
  name: string;
}

describe.skipIf(!hasChromium())('contacts and leads pages in chromium', () => {
  const suite = useE2eSuite(T);
  let page: Page;
  let phases: TPhase[];
  const email = uniqueEmail('carla');
  const rows = () => page.getByTestId('contact-row');

  beforeAll(async () => {
    await signUpByApi(suite.server, email, 'Loja da Carla', 'pro', 'Carla Souza');
    page = await signedInPage(suite, email);
    phases = await apiAs<TPhase[]>(page, suite.server, 'GET', '/p/chat/inbox/phases');
  }, T);

  const phaseId = (key: string) => phases.find((p) => p.key === key)!._id;

  it(
    '/apps/contacts: empty state, create in the drawer (bad phone first), search and phase filters kept in the URL',
    async () => {
      await goTo(page, '/apps/contacts');
      await page.getByTestId('contacts-empty').getByText('Nenhum contato ainda').waitFor();

      await page.getByRole('button', { name: 'Novo contato' }).first().click();
      const drawer = page.getByRole('dialog', { name: 'Novo contato' });
      await drawer.getByLabel(/^Nome/).fill('Diego Ramos');
      await drawer.getByLabel(/^Telefone/).fill('123');
      await drawer.getByLabel(/^E-mail/).fill('diego@');
      await drawer.getByRole('button', { name: 'Criar contato' }).click();
      await drawer.getByText('Telefone inválido, por favor verifique').waitFor();
      await drawer.getByText('Insira um e-mail válido').waitFor();
      await drawer.getByLabel(/^Telefone/).fill('(11) 98888-7777');
      await drawer.getByLabel(/^E-mail/).fill('diego@ramos.com.br');
      await drawer.getByRole('button', { name: 'Criar contato' }).click();
      await toast(page, 'Contato Diego Ramos criado').waitFor();
      await drawer.waitFor({ state: 'detached' });
      const diego = rows().filter({ hasText: 'Diego Ramos' });
      await diego.waitFor();
      expect(await diego.textContent()).toContain('+55 (11) 98888-7777');
      // A new contact starts in the first phase.
      expect(await diego.getByTestId('phase-badge').textContent()).toBe('Novo');

      await apiAs(page, suite.server, 'POST', '/p/chat/contact', {
        data: { name: 'Bruna Lima', phone: '21 97777-6666', phase: phaseId('contacted') },
      });
      await apiAs(page, suite.server, 'POST', '/p/chat/contact', {
        data: { name: 'Ana Paula', email: 'ana@paula.com', phase: phaseId('new') },
      });
      await page.reload();
      await expect.poll(() => rows().count()).toBe(3);
      expect(await page.getByTestId('contacts-count').textContent()).toBe('3 contatos');

      await page.getByRole('searchbox', { name: 'Buscar por nome, e-mail ou telefone' }).fill('diego');
      await page.waitForURL((url) => url.searchParams.get('search') === 'diego');
      await expect.poll(() => rows().count()).toBe(1);
      await page.reload();
      await expect.poll(() => rows().count()).toBe(1);
      expect(await page.getByRole('searchbox').inputValue()).toBe('diego');
      // By phone digits too.
      await page.getByRole('searchbox').fill('97777');
      await expect.poll(async () => (await rows().allTextContents()).join('|')).toContain('Bruna Lima');
      expect(await rows().count()).toBe(1);

      await page.getByRole('button', { name: 'Limpar filtros' }).click();
      await expect.poll(() => rows().count()).toBe(3);
      await pickOption(page, /^Fase$/, 'Em contato');
      await page.waitForURL((url) => url.searchParams.get('phase') === phaseId('contacted'));
      await expect.poll(() => rows().count()).toBe(1);
      expect(await rows().first().textContent()).toContain('Bruna Lima');
      await page.goBack();
      await page.goForward();
      await expect.poll(() => rows().count()).toBe(1);
      await page.getByRole('button', { name: 'Limpar filtros' }).click();
      await expect.poll(() => rows().count()).toBe(3);
      await inBothLanguages(page, 'contacts-page', async (lang) => {
        await page.getByRole('heading', { name: lang === 'en' ? 'Contacts' : 'Contatos' }).waitFor();
        await page
          .getByTestId('phase-badge')
          .filter({ hasText: lang === 'en' ? 'Contacted' : 'Em contato' })
          .waitFor();
      });
    },
    T,
  );

  it(
    '/apps/contacts: bulk tags with confirmation, delete with undo, export, the drawer in both languages',
    async () => {
      await goTo(page, '/apps/contacts');
      // Tags: an admin creates one in the tag manager.
      await page.getByRole('button', { name: 'Gerenciar etiquetas' }).click();
      const manager = page.getByRole('dialog', { name: 'Gerenciar etiquetas' });
      await manager.getByText('Nenhuma etiqueta ainda.').waitFor();
      await manager.getByRole('textbox', { name: 'Nome da nova etiqueta' }).fill('VIP');
      await manager.getByRole('button', { name: 'Adicionar' }).click();
      await toast(page, 'Etiqueta criada').waitFor();
      await manager.getByRole('textbox', { name: 'Nome da etiqueta VIP' }).waitFor();
      await manager.getByRole('button', { name: 'Fechar' }).click();
      await manager.waitFor({ state: 'detached' });
      const tags = await apiAs<Array<{ _id: string; name: string }>>(
        page,
        suite.server,
        'GET',
        '/p/chat/contact/tags',
      );
      const vip = tags.find((tag) => tag.name === 'VIP')!;
      await page.getByRole('checkbox', { name: 'Selecionar Diego Ramos' }).check();
      await page.getByRole('checkbox', { name: 'Selecionar Ana Paula' }).check();
      await page.getByTestId('bulk-bar').getByText('2 contatos selecionados').waitFor();
      await page.getByRole('button', { name: 'Adicionar etiquetas' }).click();
      const modal = page.getByRole('dialog', { name: 'Adicionar etiquetas' });
      await modal.getByRole('textbox', { name: 'Etiquetas' }).click();
      await page.getByRole('option', { name: 'VIP' }).click();
      await modal.getByText('As etiquetas escolhidas serão adicionadas a 2 contatos.').waitFor();
      await modal.getByRole('button', { name: 'Confirmar' }).click();
      await toast(page, '2 contatos atualizados').waitFor();
      await rows()
        .filter({ hasText: 'Diego Ramos' })
        .getByTestId('tag-chip')
        .filter({ hasText: 'VIP' })
        .waitFor();
      const tagged = await apiAs<{ count: number }>(
        page,
        suite.server,
        'GET',
        `/p/chat/contact/list?tags=${vip._id}`,
      );
      expect(tagged.count).toBe(2);

      await page.getByRole('button', { name: 'Excluir Ana Paula' }).click();
      await toast(page, 'Contato Ana Paula excluído').waitFor();
      await expect.poll(() => rows().count()).toBe(2);
      await toast(page, 'Contato Ana Paula excluído').getByRole('button', { name: 'Desfazer' }).click();
      await toast(page, 'Contato Ana Paula restaurado').waitFor();
      await expect.poll(() => rows().count()).toBe(3);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Exportar' }).click();
      await page.getByRole('menuitem', { name: 'CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);

      await closeToasts(page);
      await page.getByRole('button', { name: 'Editar Diego Ramos' }).click();
      const drawer = page.getByRole('dialog', { name: 'Editar contato' });
      expect(await drawer.getByLabel(/^Telefone/).inputValue()).toBe('(11) 98888-7777');
      await drawer.getByRole('button', { name: 'Cancelar' }).click();
      await drawer.waitFor({ state: 'detached' });
      // The drawer (covering the header's language menu) in each language, with the phone message.
      for (const lang of ['pt-BR', 'en'] as const) {
        const en = lang === 'en';
        await switchLanguage(page, lang);
        await page.getByRole('button', { name: en ? 'Edit Diego Ramos' : 'Editar Diego Ramos' }).click();
        const dialog = page.getByRole('dialog', { name: en ? 'Edit contact' : 'Editar contato' });
        await dialog.getByLabel(en ? /^Phone/ : /^Telefone/).fill('1');
        await dialog.getByRole('button', { name: en ? 'Save' : 'Salvar' }).click();
        await dialog
          .getByText(en ? 'Invalid phone number' : 'Telefone inválido, por favor verifique')
          .waitFor();
        await screenshot(page, `contacts-drawer-${lang}`);
        if (!en) expect(await seriousA11yViolations(page), 'contacts-drawer').toEqual([]);
        if (en) break;
        await dialog.getByRole('button', { name: 'Cancelar' }).click();
        await dialog.waitFor({ state: 'detached' });
      }
      const dialog = page.getByRole('dialog', { name: 'Edit contact' });
      await dialog.getByLabel(/^Phone/).fill('11 98888-7777');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Contact Diego Ramos updated').waitFor();
      await switchLanguage(page, 'pt-BR');
    },
    T,
  );

  it(
    '/apps/leads: drag a card to another phase (counts follow, kept after reload), move from the keyboard menu',
    async () => {
      await goTo(page, '/apps/leads');
      await leadColumn(page, 'Novo').getByTestId('lead-card').first().waitFor();
      await expect.poll(() => columnCount(page, 'Novo')).toBe('2');
      await expect.poll(() => columnCount(page, 'Qualificado')).toBe('0');
      await expect.poll(() => columnCount(page, 'Em contato')).toBe('1');

      const card = leadColumn(page, 'Novo').getByRole('article', { name: 'Diego Ramos' });
      await card.dragTo(leadColumn(page, 'Qualificado'));
      await leadColumn(page, 'Qualificado').getByRole('article', { name: 'Diego Ramos' }).waitFor();
      await expect.poll(() => columnCount(page, 'Novo')).toBe('1');
      await expect.poll(() => columnCount(page, 'Qualificado')).toBe('1');

      await page.reload();
      await leadColumn(page, 'Qualificado').getByRole('article', { name: 'Diego Ramos' }).waitFor();
      await expect.poll(() => columnCount(page, 'Novo')).toBe('1');
      await expect.poll(() => columnCount(page, 'Qualificado')).toBe('1');
      const stored = await apiAs<{ items: Array<{ name: string }> }>(
        page,
        suite.server,
        'GET',
        `/p/chat/contact/list?phase=${phaseId('qualified')}`,
      );
      expect(stored.items.map((c) => c.name)).toEqual(['Diego Ramos']);

      // Keyboard: the card's "Move to" menu.
      const move = page.getByRole('button', { name: 'Mover Bruna Lima para outra fase' });
      await move.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'Ganho' }).click();
      await leadColumn(page, 'Ganho').getByRole('article', { name: 'Bruna Lima' }).waitFor();
      await expect.poll(() => columnCount(page, 'Em contato')).toBe('0');
      await expect.poll(() => columnCount(page, 'Ganho')).toBe('1');

      // The board follows the filters (search).
      await page.getByRole('searchbox').fill('ana');
      await expect.poll(() => page.getByTestId('lead-card').count()).toBe(1);
      await page.getByRole('button', { name: 'Limpar filtros' }).click();
      await expect.poll(() => page.getByTestId('lead-card').count()).toBe(3);

      await inBothLanguages(page, 'leads-page', async (lang) => {
        await leadColumn(page, lang === 'en' ? 'Qualified' : 'Qualificado').waitFor();
      });
    },
    T,
  );
});
