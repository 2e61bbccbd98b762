import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, screenshot } from '../support/browser';
import { closeToasts, goTo, inBothLanguages, signedInPage, toast, useE2eSuite } from '../support/pages';
import { signUpByApi, storageItem, uniqueEmail } from '../support/flows';

const T = 120_000;

describe.skipIf(!hasChromium())('inbox admin pages in chromium', () => {
  const suite = useE2eSuite(T);
  let page: Page;
  const email = uniqueEmail('helena');
  let chatUrl = '';

  /** Calls the API as the signed-in admin, answering the raw status and envelope. */
  async function call(method: string, path: string, body?: unknown) {
    const url = new URL(path, suite.server.baseUrl);
    url.searchParams.set('acc', (await storageItem(page, 'activeAcc')) ?? '');
    const res = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${await storageItem(page, 'accessToken')}`,
        'accept-language': 'pt-BR',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { status: number; code?: string; message?: string; data?: any },
    };
  }

  const openTab = async (name: string, tab: string) => {
    await page.getByRole('tab', { name }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === tab);
  };

  beforeAll(async () => {
    await signUpByApi(suite.server, email, 'Loja da Helena', 'pro', 'Helena Prado');
    page = await signedInPage(suite, email);
  }, T);

  it(
    'connects a web chat channel and sees its chat page link and embed snippet',
    async () => {
      await goTo(page, '/settings');
      await page.getByTestId('channels-empty').waitFor();
      await inBothLanguages(page, 'settings-channels-empty', async (lang) => {
        await page
          .getByRole('heading', { name: lang === 'en' ? 'Connected channels' : 'Canais conectados' })
          .waitFor();
      });
      await page.getByRole('button', { name: 'Conectar Chat do site' }).click();
      const dialog = page.getByRole('dialog', { name: 'Conectar Chat do site' });
      await dialog.getByLabel(/^Nome do canal/).fill('Chat da Loja São João');
      expect(await dialog.getByLabel(/^Endereço da página de chat/).inputValue()).toBe(
        'chat-da-loja-sao-joao',
      );
      await dialog.getByLabel(/^Saudação/).fill('Olá! Como podemos ajudar?');
      await dialog.getByRole('textbox', { name: 'Sites permitidos' }).fill('ftp://loja');
      await dialog.getByRole('textbox', { name: 'Sites permitidos' }).press('Enter');
      await dialog.getByRole('button', { name: 'Conectar' }).click();
      await dialog.getByText('A URL deve começar com http:// ou https://').waitFor();
      // Backspace in the empty field removes the bad site.
      await dialog.getByRole('textbox', { name: 'Sites permitidos' }).press('Backspace');
      await dialog.getByRole('button', { name: 'Conectar' }).click();

      const done = page.getByRole('dialog', { name: 'Chat da Loja São João conectado' });
      const snippet = await done.getByTestId('embed-snippet').textContent();
      expect(snippet).toBe(
        `<script src="${suite.server.baseUrl}/widget/chat-da-loja-sao-joao.js" async></script>`,
      );
      chatUrl = await done.getByTestId('chat-url').inputValue();
      expect(chatUrl).toBe(`${suite.server.baseUrl}/chat/chat-da-loja-sao-joao`);
      await toast(page, 'Canal Chat da Loja São João conectado').waitFor();
      await closeToasts(page);
      await screenshot(page, 'settings-channel-connected-pt-BR');
      // The chat page and the widget answer at those addresses.
      expect((await fetch(chatUrl)).status).toBe(200);
      expect((await fetch(`${suite.server.baseUrl}/widget/chat-da-loja-sao-joao.js`)).status).toBe(200);
      await done.getByRole('button', { name: 'Concluir' }).click();

      const row = page.getByTestId('channel-row');
      await row.filter({ hasText: 'Chat da Loja São João' }).waitFor();
      expect(await row.textContent()).toContain('Ativo');
      // WhatsApp Cloud API: the webhook URL and the verify token to paste in Meta's dashboard.
      await page.getByRole('button', { name: 'Conectar canal' }).click();
      await page.getByRole('menuitem', { name: 'WhatsApp Cloud API' }).click();
      const wa = page.getByRole('dialog', { name: 'Conectar WhatsApp Cloud API' });
      await wa.getByLabel(/^Nome do canal/).fill('WhatsApp Vendas');
      await wa.getByLabel(/^Número exibido/).fill('11999990000');
      await wa.getByLabel(/^ID do número de telefone/).fill('109876543210');
      await wa.getByLabel(/^ID da conta do WhatsApp Business/).fill('209876543210');
      await wa.getByLabel(/^Token de acesso/).fill('EAAG-test-token');
      await wa.getByLabel(/^Chave secreta do app/).fill('app-secret-123');
      const verifyToken = await wa.getByLabel(/^Token de verificação/).inputValue();
      expect(verifyToken).toMatch(/^[0-9a-f]{36}$/);
      await wa.getByRole('button', { name: 'Conectar' }).click();
      await wa.getByText('Telefone inválido, por favor verifique').waitFor();
      await screenshot(page, 'settings-channel-whatsapp-form-pt-BR');
      await wa.getByLabel(/^Número exibido/).fill('+5511999990000');
      await wa.getByRole('button', { name: 'Conectar' }).click();
      const waDone = page.getByRole('dialog', { name: 'WhatsApp Vendas conectado' });
      const webhookUrl = await waDone.getByTestId('webhook-url').inputValue();
      expect(webhookUrl).toMatch(
        new RegExp(`^${suite.server.baseUrl}/webhooks/whatsapp-cloud/[0-9a-f-]{36}$`),
      );
      expect(await waDone.getByTestId('verify-token').inputValue()).toBe(verifyToken);
      await closeToasts(page);
      await screenshot(page, 'settings-channel-whatsapp-connected-pt-BR');
      // Meta's check of the callback answers the challenge with that token.
      const check = await fetch(
        `${webhookUrl}?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=4242`,
      );
      expect(await check.text()).toBe('4242');
      await waDone.getByRole('button', { name: 'Concluir' }).click();
      // axe-core would see the dialog's fading text.
      await waDone.waitFor({ state: 'detached' });
      await expect.poll(() => row.count()).toBe(2);

      await inBothLanguages(page, 'settings-channels', async (lang) => {
        await row.getByText(lang === 'en' ? 'Web chat' : 'Chat do site', { exact: true }).waitFor();
      });

      // Disable, then delete with confirmation.
      await page.getByRole('button', { name: 'Mais ações de WhatsApp Vendas' }).click();
      await page.getByRole('menuitem', { name: 'Desativar' }).click();
      await toast(page, 'Canal WhatsApp Vendas desativado').waitFor();
      const waRow = row.filter({ hasText: 'WhatsApp Vendas' });
      await waRow.getByText('Desativado').waitFor();
      await page.getByRole('button', { name: 'Mais ações de WhatsApp Vendas' }).click();
      await page.getByRole('menuitem', { name: 'Excluir' }).click();
      const confirm = page.getByRole('dialog', { name: 'Excluir canal' });
      await confirm.getByRole('button', { name: 'Excluir' }).click();
      await toast(page, 'Canal WhatsApp Vendas excluído').waitFor();
      await expect.poll(() => row.count()).toBe(1);
    },
    T,
  );

  it(
    "adds a closing reason, and a duplicate gets the server's message",
    async () => {
      await goTo(page, '/settings');
      await openTab('Motivos de encerramento', 'reasons');
      await page.getByTestId('reasons-empty').waitFor();
      await page.getByRole('button', { name: 'Adicionar motivo' }).click();
      let dialog = page.getByRole('dialog', { name: 'Novo motivo de encerramento' });
      await dialog.getByLabel(/^Nome do motivo/).fill('Dúvida resolvida');
      await dialog.getByRole('textbox', { name: 'Submotivos' }).fill('Pelo WhatsApp');
      await dialog.getByRole('textbox', { name: 'Submotivos' }).press('Enter');
      await dialog.getByRole('button', { name: 'Adicionar motivo' }).click();
      await toast(page, 'Motivo Dúvida resolvida adicionado').waitFor();
      await page.getByTestId('reason-row').filter({ hasText: 'Pelo WhatsApp' }).waitFor();
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Adicionar motivo' }).click();
      dialog = page.getByRole('dialog', { name: 'Novo motivo de encerramento' });
      await dialog.getByLabel(/^Nome do motivo/).fill('dúvida RESOLVIDA');
      await dialog.getByRole('button', { name: 'Adicionar motivo' }).click();
      await dialog.getByText('Este motivo de encerramento já existe', { exact: true }).waitFor();
      await screenshot(page, 'settings-reason-duplicate-pt-BR');
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      // The server refuses it with the same words.
      const dup = await call('POST', '/p/chat/closing-reasons', { name: 'DÚVIDA resolvida' });
      expect(dup.status).toBe(409);
      expect(dup.body.message).toBe('Este motivo de encerramento já existe');
      expect(await page.getByTestId('reason-row').count()).toBe(1);
      await inBothLanguages(page, 'settings-reasons', async (lang) => {
        await page.getByRole('button', { name: lang === 'en' ? 'Add reason' : 'Adicionar motivo' }).waitFor();
      });
    },
    T,
  );

  it(
    'inbox load size: 10 is refused with the spec message, 500 is saved',
    async () => {
      await goTo(page, '/settings');
      await openTab('Caixa de entrada', 'inbox');
      const size = page.getByLabel(/^Tamanho de carregamento/);
      await size.fill('10');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page
        .getByText('O tamanho de carregamento da caixa de entrada deve ser entre 20 e 1000')
        .waitFor();
      // The server says the same.
      const bad = await call('PUT', '/p/chat/settings', { loadSize: 1001 });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('VALIDATION_FAILED');
      await screenshot(page, 'settings-inbox-invalid-pt-BR');

      await size.fill('500');
      await page
        .getByRole('switch', { name: 'Operadores não podem iniciar conversas' })
        .check({ force: true });
      await page.getByRole('button', { name: 'Salvar' }).click();
      await toast(page, 'Configurações salvas').waitFor();
      const saved = await call('GET', '/p/chat/settings');
      expect(saved.body.data.loadSize).toBe(500);
      expect(saved.body.data.blockStartConversation).toBe(true);
      await page.reload();
      await expect.poll(() => page.getByLabel(/^Tamanho de carregamento/).inputValue()).toBe('500');
      await inBothLanguages(page, 'settings-inbox', async (lang) => {
        await page
          .getByText(lang === 'en' ? 'Operator restrictions' : 'Restrições para operadores')
          .waitFor();
      });
    },
    T,
  );

  it(
    'attendance hours, distribution and automatic messages tabs',
    async () => {
      await goTo(page, '/settings');
      await openTab('Horário de atendimento', 'hours');
      await page
        .getByTestId('hours-timezone')
        .getByText('Fuso horário da conta: São Paulo (GMT-03:00)')
        .waitFor();
      await page.getByRole('switch', { name: 'Usar horário de atendimento' }).check({ force: true });
      await page.getByRole('switch', { name: 'Aberto: Sábado' }).check({ force: true });
      await page.getByLabel('Sábado: fim do intervalo 1').fill('12:00');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await toast(page, 'Configurações salvas').waitFor();
      const saved = await call('GET', '/p/chat/settings');
      expect(saved.body.data.hoursEnabled).toBe(true);
      expect(saved.body.data.hours.saturday).toEqual([{ start: '08:00', end: '12:00' }]);
      await inBothLanguages(page, 'settings-hours', async (lang) => {
        await page.getByText(lang === 'en' ? 'Saturday' : 'Sábado', { exact: true }).waitFor();
      });

      await openTab('Distribuição', 'distribution');
      await page.getByTestId('queue-empty').waitFor();
      await page.getByRole('textbox', { name: 'Membro' }).click();
      await page.getByRole('option', { name: /Helena Prado/ }).click();
      await page.getByRole('button', { name: 'Adicionar à fila' }).click();
      await toast(page, 'Membro adicionado à fila').waitFor();
      await page.getByTestId('queue-row').filter({ hasText: 'Helena Prado' }).waitFor();
      await inBothLanguages(page, 'settings-distribution', async (lang) => {
        await page.getByText(lang === 'en' ? 'Capacity per operator' : 'Capacidade por operador').waitFor();
      });

      await page.getByRole('tab', { name: 'Mensagens automáticas' }).click();
      await page.waitForURL((url) => url.pathname === '/settings/autoMessages');
      const card = page.getByTestId('out-of-hours-card');
      await card.getByRole('switch', { name: 'Enviar mensagem fora do horário' }).check({ force: true });
      await card
        .getByRole('textbox', { name: 'Mensagem' })
        .fill('Estamos fora do horário. Respondemos amanhã às 8h.');
      await card.getByRole('button', { name: 'Salvar' }).click();
      await toast(page, 'Configurações salvas').waitFor();
      expect((await call('GET', '/p/chat/settings')).body.data.outOfHoursMessage).toBe(
        'Estamos fora do horário. Respondemos amanhã às 8h.',
      );
      await inBothLanguages(page, 'settings-auto-messages', async (lang) => {
        await page
          .getByText(lang === 'en' ? 'Other automatic messages' : 'Outras mensagens automáticas')
          .waitFor();
      });
    },
    T,
  );

  it(
    'creates a quick message with a variable and its preview',
    async () => {
      await goTo(page, '/apps/quick-messages');
      await page.getByTestId('quick-messages-empty').waitFor();
      await page.getByRole('button', { name: 'Nova mensagem rápida' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Nova mensagem rápida' });
      await dialog.getByLabel(/^Atalho/).fill('/boas-vindas');
      await dialog.getByRole('button', { name: 'Criar mensagem' }).click();
      await dialog.getByText('Campo de mensagem rápida vazio não permitido').waitFor();
      await dialog.getByLabel(/^Texto da mensagem/).fill('Olá, ');
      await dialog.getByRole('button', { name: 'Inserir a variável firstName' }).click();
      await dialog.getByLabel(/^Texto da mensagem/).press('End');
      await dialog.getByLabel(/^Texto da mensagem/).pressSequentially('! Sou {{operator}}.');
      await expect
        .poll(() => dialog.getByTestId('quick-message-preview').textContent())
        .toContain('Olá, Maria! Sou Helena Prado.');
      await screenshot(page, 'quick-message-modal-pt-BR');
      await dialog.getByRole('button', { name: 'Criar mensagem' }).click();
      await toast(page, 'Mensagem rápida /boas-vindas criada').waitFor();
      const row = page.getByTestId('quick-message-row');
      await row.filter({ hasText: '/boas-vindas' }).waitFor();
      expect(await row.textContent()).toContain('Olá, {{firstName}}! Sou {{operator}}.');
      await inBothLanguages(page, 'quick-messages', async (lang) => {
        await page
          .getByRole('heading', { name: lang === 'en' ? 'Quick messages' : 'Mensagens rápidas' })
          .waitFor();
      });
    },
    T,
  );

  it(
    'templates explain that a WhatsApp number is needed',
    async () => {
      await goTo(page, '/templates');
      await page.getByTestId('templates-empty').getByText('Conecte um número do WhatsApp').waitFor();
      await inBothLanguages(page, 'templates-empty', async (lang) => {
        await page
          .getByRole('link', { name: lang === 'en' ? 'Connect WhatsApp' : 'Conectar WhatsApp' })
          .waitFor();
      });
      await page.getByRole('link', { name: 'Conectar WhatsApp' }).click();
      await page.waitForURL(
        (url) => url.pathname === '/settings' && url.searchParams.get('tab') === 'channels',
      );
    },
    T,
  );

  it(
    'statement: this month by default, a web chat conversation counted, chart, transcript',
    async () => {
      // A visitor writes on the chat page: one new conversation, counted against the plan.
      const visitor = await page.context().newPage();
      await visitor.goto(chatUrl);
      await visitor.locator('#text').fill('Olá, quero um orçamento');
      await visitor.locator('#text').press('Enter');
      await visitor.locator('.mine:not(.failed)').filter({ hasText: 'Olá, quero um orçamento' }).waitFor();
      await visitor.close();

      await goTo(page, '/acc/statement');
      await page.getByTestId('statement-totals').waitFor();
      expect(await page.getByRole('textbox', { name: 'Período' }).inputValue()).toBe('Este mês');
      await expect.poll(() => page.getByTestId('total-counted').textContent()).toBe('1');
      // The plan's own period (as on the dashboard): this account's one conversation.
      expect(await page.getByTestId('plan-limit').textContent()).toMatch(
        /^Plano: 1 de 300 conversas de .+ a .+$/,
      );
      await page.getByTestId('statement-chart').locator('.recharts-bar-rectangle path').first().waitFor();
      const row = page.getByTestId('statement-row');
      await expect.poll(() => row.count()).toBe(1);
      expect(await row.textContent()).toContain('Chat da Loja São João');
      // The admin is online in the distribution queue: the conversation went to her.
      expect(await row.textContent()).toContain('Helena Prado');

      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        row.getByRole('button', { name: /Abrir a transcrição/ }).click(),
      ]);
      await popup.waitForURL(/^blob:/);
      await popup.getByText('Olá, quero um orçamento').first().waitFor();
      await popup.close();

      await inBothLanguages(page, 'statement', async (lang) => {
        await page
          .getByRole('heading', { name: lang === 'en' ? 'Conversation statement' : 'Extrato de conversas' })
          .waitFor();
      });
    },
    T,
  );
});
