// Departments end to end: an admin creates two departments, invites an operator into one; that
// operator sees only that department's conversations. Screenshots of the settings tabs and the
// team page in both languages.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../support/api';
import { hasChromium, screenshot } from '../support/browser';
import { fillInvitation, signUpByApi, uniqueEmail } from '../support/flows';
import {
  conversationRows,
  setUpInboxByApi,
  type TInboxSetup,
  visitorStarts,
  visitorWrites,
} from '../support/inbox';
import { closeToasts, goTo, inBothLanguages, signedInPage, toast, useE2eSuite } from '../support/pages';

const T = 180_000;

describe.skipIf(!hasChromium())('departments in chromium', () => {
  const suite = useE2eSuite(T);
  let admin: Page;
  let setup: TInboxSetup;
  const email = uniqueEmail('dora.admin');
  const operatorEmail = uniqueEmail('bruno.vendas');

  beforeAll(async () => {
    await signUpByApi(suite.server, email, 'Loja da Dora', 'pro', 'Dora Nunes');
    setup = await setUpInboxByApi(suite.server, email, `loja-dora-${Date.now().toString(36)}`);
    admin = await signedInPage(suite, email);
  }, T);

  async function addDepartment(name: string, description: string) {
    await admin.getByRole('button', { name: 'Adicionar departamento' }).first().click();
    const dialog = admin.getByRole('dialog', { name: 'Novo departamento' });
    await dialog.getByLabel(/^Nome/).fill(name);
    await dialog.getByLabel(/^Descrição/).fill(description);
    await dialog.getByRole('button', { name: 'Adicionar departamento' }).click();
    await toast(admin, `Departamento ${name} adicionado`).waitFor();
    await admin.getByTestId('department-row').filter({ hasText: name }).waitFor();
  }

  it(
    'an admin creates two departments, invites an operator into one; the operator sees only its conversations',
    async () => {
      await goTo(admin, '/settings');
      await admin.getByRole('tab', { name: 'Departamentos' }).click();
      await admin.getByTestId('departments-empty').waitFor();
      await addDepartment('Vendas', 'Novos pedidos e orçamentos');
      await addDepartment('Suporte', 'Trocas, entregas e dúvidas');
      await inBothLanguages(admin, 'settings-departments', async (lang) => {
        await admin.getByRole('heading', { name: lang === 'en' ? 'Departments' : 'Departamentos' }).waitFor();
        await admin
          .getByText(lang === 'en' ? 'No members' : 'Sem membros')
          .first()
          .waitFor();
      });
      // Starred pages: the settings page heads the sidebar once starred.
      await admin.getByTestId('star-page').click();
      await admin.getByRole('navigation', { name: 'Favoritos' }).getByRole('link').first().waitFor();
      const departments = await apiCall<Array<{ _id: string; name: string }>>(
        suite.server,
        'GET',
        `/p/chat/departments?acc=${setup.acc}`,
        undefined,
        setup.token,
      );
      const vendas = departments.find((d) => d.name === 'Vendas')!._id;
      const suporte = departments.find((d) => d.name === 'Suporte')!._id;

      // Key entities tab: the definitions list.
      await admin.getByRole('tab', { name: 'Entidades-chave' }).click();
      const entitiesTab = admin.getByRole('tabpanel', { name: 'Entidades-chave' });
      await entitiesTab.getByRole('button', { name: 'Adicionar entidade' }).click();
      const entityDialog = admin.getByRole('dialog', { name: 'Nova entidade-chave' });
      await entityDialog.getByLabel(/^Nome/).fill('CPF');
      await entityDialog.getByLabel(/^Apelido/).fill('cpf');
      await entityDialog.getByRole('button', { name: 'Adicionar entidade' }).click();
      await admin.getByTestId('entity-row').filter({ hasText: '$cpf' }).waitFor();
      await entityDialog.waitFor({ state: 'detached' });
      await entitiesTab.getByRole('button', { name: 'Adicionar entidade' }).click();
      await entityDialog.getByLabel(/^Nome/).fill('Documento');
      await entityDialog.getByLabel(/^Apelido/).fill('$cpf');
      await entityDialog.getByRole('button', { name: 'Adicionar entidade' }).click();
      await entityDialog
        .getByText('O apelido informado para "Documento" já está em uso. Por favor, escolha outro.')
        .waitFor();
      await entityDialog.getByRole('button', { name: 'Cancelar' }).click();
      await inBothLanguages(admin, 'settings-key-entities', async (lang) => {
        await admin
          .getByRole('heading', { name: lang === 'en' ? 'Key entities' : 'Entidades-chave' })
          .waitFor();
      });

      // The invitation puts the operator in Vendas.
      await goTo(admin, '/acc/users');
      await admin.getByRole('button', { name: 'Convidar' }).click();
      const invite = admin.getByRole('dialog');
      await invite.getByLabel(/^E-mail/).fill(operatorEmail);
      await invite.getByRole('textbox', { name: /^Departamentos/ }).click();
      await admin.getByRole('option', { name: 'Vendas' }).click();
      await invite.getByRole('textbox', { name: /^Departamentos/ }).press('Escape');
      await invite.getByRole('button', { name: 'Enviar convite' }).click();
      await admin.getByTestId('invitation-row').filter({ hasText: operatorEmail }).waitFor();

      const guest = await (await suite.newContext()).newPage();
      await fillInvitation(guest, suite.server, operatorEmail);
      await guest.getByRole('button', { name: 'Aceitar e entrar' }).click();
      await guest.waitForURL((url) => url.pathname === '/dashboard');

      await admin.reload();
      const row = admin.getByTestId('member-row').filter({ hasText: operatorEmail });
      await row.waitFor();
      await row.getByText('Vendas', { exact: true }).waitFor();
      await inBothLanguages(admin, 'team-departments', async (lang) => {
        await admin
          .getByRole('columnheader', { name: lang === 'en' ? 'Departments' : 'Departamentos' })
          .waitFor();
      });

      // Two customers; the admin routes one to each department.
      for (const [name, text] of [
        ['Marina Costa', 'Quero um orçamento de 20 cadeiras.'],
        ['Otávio Reis', 'Minha entrega atrasou.'],
      ]) {
        const visitor = await (await suite.newContext()).newPage();
        await visitorStarts(visitor, setup.slug, name);
        await visitorWrites(visitor, text);
      }
      const waiting = async () =>
        (
          await apiCall<{ items: Array<{ _id: string; contact: { name: string } }> }>(
            suite.server,
            'GET',
            `/p/chat/conversation/list?tab=waiting&acc=${setup.acc}`,
            undefined,
            setup.token,
          )
        ).items;
      await expect.poll(async () => (await waiting()).length, { timeout: 30_000 }).toBe(2);
      const items = await waiting();
      for (const [customer, departmentId] of [
        ['Marina Costa', vendas],
        ['Otávio Reis', suporte],
      ]) {
        const id = items.find((i) => i.contact.name === customer)!._id;
        await apiCall(
          suite.server,
          'POST',
          `/p/chat/conversation/${id}/transfer?acc=${setup.acc}`,
          { departmentId },
          setup.token,
        );
      }

      // The operator sees Vendas' conversation only, in the list and by its address.
      await guest.goto('/apps/inbox');
      await guest.getByRole('tablist').waitFor();
      await conversationRows(guest).filter({ hasText: 'Marina Costa' }).waitFor();
      await guest.getByTestId('tab-count-waiting').filter({ hasText: /^1$/ }).waitFor();
      expect(await conversationRows(guest).filter({ hasText: 'Otávio Reis' }).count()).toBe(0);
      await screenshot(guest, 'inbox-operator-one-department-pt-BR');
      // The admin sees both.
      await admin.goto('/apps/inbox');
      await conversationRows(admin).filter({ hasText: 'Otávio Reis' }).waitFor();
      await conversationRows(admin).filter({ hasText: 'Marina Costa' }).waitFor();
      await closeToasts(admin);
    },
    T,
  );
});
