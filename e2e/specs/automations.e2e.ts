import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs } from '../support/api';
import { hasChromium } from '../support/browser';
import { pickOption, signUpByApi, uniqueEmail } from '../support/flows';
import { setUpInboxByApi, visitorStarts, visitorWrites, type TInboxSetup } from '../support/inbox';
import { goTo, inBothLanguages, signedInPage, useE2eSuite } from '../support/pages';

const T = 180_000;
/**
 * AUTOMATION_MINUTE_MS (apps/server/src/config.ts, tests only): one automation "minute" lasts
 * 1.5 s here, so "2 minutes" pass in 3 s and "5 more" in 7.5 s.
 */
const MINUTE_MS = 1500;

describe.skipIf(!hasChromium())('automations in chromium', () => {
  const suite = useE2eSuite(T, () => ({ AUTOMATION_MINUTE_MS: MINUTE_MS }));
  let operator: Page;
  let setup: TInboxSetup;
  const email = uniqueEmail('bia.automations');

  beforeAll(async () => {
    await signUpByApi(suite.server, email, 'Loja da Bia', 'pro', 'Bia Lima');
    setup = await setUpInboxByApi(suite.server, email, `loja-bia-${Date.now().toString(36)}`);
    operator = await signedInPage(suite, email);
    await apiAs(operator, suite.server, 'POST', '/p/chat/closing-reasons', {
      name: 'Sem resposta',
      subReasons: [],
    });
  }, T);

  it(
    'builds "no customer reply for 2 minutes → a reminder, then close after 5 more" and sees it happen in a web chat conversation',
    async () => {
      await goTo(operator, '/apps/automation');
      await operator.getByTestId('automations-empty').waitFor();
      await operator.getByTestId('new-automation').first().click();
      await operator.waitForURL((url) => url.pathname === '/apps/new-automation');

      // An empty rule: the spec's messages, nothing saved.
      await operator.getByTestId('automation-save').click();
      await operator.getByText('Por favor, corrija todos os erros em seu formulário').waitFor();
      await operator.getByText('Selecione campo é obrigatório').waitFor();

      await operator.getByRole('textbox', { name: /^Nome/ }).fill('Cliente sem responder');
      await pickOption(operator, /^Gatilho/, 'Cliente sem responder');
      await operator.getByRole('textbox', { name: 'Minutos' }).fill('2');
      await pickOption(operator, /^Adicionar ação/, 'Enviar mensagem');
      await operator.getByRole('textbox', { name: 'Enviar mensagem' }).fill('Ainda está aí, {{firstName}}?');
      await pickOption(operator, /^Adicionar ação/, 'Esperar e continuar');
      await operator.getByRole('textbox', { name: 'Minutos' }).last().fill('5');
      await pickOption(operator, /^Adicionar ação/, 'Encerrar com motivo');
      await pickOption(operator, /^Motivo de encerramento/, 'Sem resposta');
      await inBothLanguages(operator, 'automation-builder', async (lang) => {
        await operator
          .getByTestId('builder-when')
          .getByText(lang === 'en' ? 'When' : 'Quando', { exact: true })
          .waitFor();
      });
      await operator.getByTestId('automation-save').click();
      await operator.waitForURL((url) => /^\/apps\/automation\/[0-9a-f-]{36}$/.test(url.pathname));

      // A visitor writes; the operator takes the conversation and answers; then silence.
      const visitor = await (await suite.newContext()).newPage();
      await visitorStarts(visitor, setup.slug, 'Carla Mendes');
      await visitorWrites(visitor, 'Oi, vocês entregam no sábado?');
      const findCarla = async () =>
        (
          await apiAs<{ items: Array<{ _id: string; contact: { name: string } }> }>(
            operator,
            suite.server,
            'GET',
            '/p/chat/conversation/list?tab=waiting',
          )
        ).items.find((c) => c.contact.name === 'Carla Mendes')?._id;
      await expect.poll(findCarla).toMatch(/^[0-9a-f-]{36}$/);
      const conversation = (await findCarla())!;
      await apiAs(operator, suite.server, 'POST', `/p/chat/conversation/${conversation}/take`);
      await apiAs(operator, suite.server, 'POST', `/p/chat/conversation/${conversation}/messages`, {
        clientId: 'e2e-answer',
        text: 'Entregamos sim! Qual é o seu CEP?',
      });
      const messages = visitor.locator('#messages');
      await messages.getByText('Entregamos sim! Qual é o seu CEP?').waitFor();

      // Two automation minutes later: the reminder, by name; five more: closed with the reason.
      await messages.getByText('Ainda está aí, Carla?').waitFor({ timeout: 30_000 });
      await visitor.getByText('Esta conversa foi encerrada.').waitFor({ timeout: 40_000 });
      const closed = await apiAs<{ stage: string; closeReason: string | null }>(
        operator,
        suite.server,
        'GET',
        `/p/chat/conversation/${conversation}`,
      );
      expect(closed).toMatchObject({ stage: 'closed' });

      // The rule's log says it ran, with its three actions.
      await operator.reload();
      const run = operator.getByTestId('run-row').first();
      await run.getByText('Executou').waitFor({ timeout: 20_000 });
      await run
        .getByText(
          /Enviar mensagem \(feito\) → Esperar e continuar \(feito\) → Encerrar com motivo \(feito\)/,
        )
        .waitFor();
      await inBothLanguages(operator, 'automation-log', async (lang) => {
        await operator.getByText(lang === 'en' ? 'Run history' : 'Histórico de execuções').waitFor();
      });

      // The list: trigger in words, switch on, one run in 7 days.
      await goTo(operator, '/apps/automation');
      const row = operator.getByTestId('automation-row').first();
      await row.getByText('Cliente sem responder por 2 minutos').waitFor();
      expect(await row.getByRole('switch').isChecked()).toBe(true);
      await inBothLanguages(operator, 'automations-list', async (lang) => {
        await row
          .getByText(
            lang === 'en' ? 'No customer reply for 2 minutes' : 'Cliente sem responder por 2 minutos',
          )
          .waitFor();
      });
    },
    T,
  );

  it(
    'the automatic messages page edits the greeting, queue, transfer, close and inactivity messages',
    async () => {
      await goTo(operator, '/settings/autoMessages');
      const greeting = operator.getByTestId('auto-message-greeting');
      await greeting
        .getByRole('textbox', { name: 'Mensagem' })
        .fill('Olá, {{firstName}}! Já vamos te atender.');
      await greeting.getByRole('switch').check({ force: true });
      await greeting.getByRole('button', { name: 'Salvar' }).click();
      await operator.getByText('Saudação: salvo').waitFor();

      const visitor = await (await suite.newContext()).newPage();
      await visitorStarts(visitor, setup.slug, 'Davi Rocha');
      await visitorWrites(visitor, 'Boa tarde');
      await visitor
        .locator('#messages')
        .getByText('Olá, Davi! Já vamos te atender.')
        .waitFor({ timeout: 20_000 });

      await inBothLanguages(operator, 'auto-messages', async (lang) => {
        await operator
          .getByText(lang === 'en' ? 'Waiting in the queue' : 'Espera na fila')
          .first()
          .waitFor();
      });
    },
    T,
  );

  it(
    'keyword rules a message does not concern show it in their log as skipped, with the reason',
    async () => {
      const keyword = (name: string, word: string) =>
        apiAs<{ _id: string }>(operator, suite.server, 'POST', '/p/automations', {
          name,
          trigger: { type: 'message.received' },
          conditions: {
            match: 'all',
            groups: [{ match: 'all', conditions: [{ field: 'messageText', op: 'contains', value: word }] }],
          },
          actions: [{ type: 'note', text: word }],
        });
      const boleto = await keyword('Pergunta de boleto', 'boleto');
      await keyword('Pergunta de pix', 'pix');

      const visitor = await (await suite.newContext()).newPage();
      await visitorStarts(visitor, setup.slug, 'Davi Rocha');
      await visitorWrites(visitor, 'Bom dia, tudo bem?');

      // Both rules were judged on the message and skipped together: the log reads that row.
      const logged = async () =>
        (await apiAs<unknown[]>(operator, suite.server, 'GET', `/p/automations/${boleto._id}/runs`)).length;
      await expect.poll(logged, { timeout: 20_000 }).toBe(1);
      await goTo(operator, `/apps/automation/${boleto._id}`);
      const run = operator.getByTestId('run-row').first();
      await run.getByText('Ignorou').waitFor();
      await run.getByText('As condições não valeram').waitFor();
      await inBothLanguages(operator, 'automation-log-skipped', async (lang) => {
        await run.getByText(lang === 'en' ? 'Skipped' : 'Ignorou').waitFor();
        await run
          .getByText(lang === 'en' ? 'The conditions did not hold' : 'As condições não valeram')
          .waitFor();
      });
    },
    T,
  );
});
