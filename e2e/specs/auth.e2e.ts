import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hasChromium, screenshot, seriousA11yViolations } from '../support/browser';
import {
  PASSWORD,
  enterCode,
  login,
  registerThroughSetup,
  signUp,
  storageItem,
  uniqueEmail,
  fillInvitation,
  inviteFromTeamPage,
  createAccountFromSwitcher,
} from '../support/flows';
import { useE2eSuite } from '../support/pages';
import { linkFor } from '../support/server';

const T = 120_000;

describe.skipIf(!hasChromium())('sign-in flows, team, accounts and plans in chromium', () => {
  const suite = useE2eSuite(T);
  const owner = uniqueEmail('ana');

  it(
    'register → the code from the e-mail → automatic login → /dashboard',
    async () => {
      const context = await suite.newContext();
      const page = await context.newPage();
      await page.goto('/register');
      await page.getByLabel(/^Senha/).fill(PASSWORD);
      expect(await page.getByText('Força da senha').textContent()).toContain('Muito forte');
      await page.getByLabel(/^Confirme a senha/).fill('Different#2025');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByText('As senhas não coincidem. Tente novamente.').waitFor();
      await screenshot(page, 'register-pt-BR');
      expect(await seriousA11yViolations(page)).toEqual([]);

      await registerThroughSetup(page, owner, 'Loja da Ana');
      await screenshot(page, 'verify-pt-BR');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await enterCode(page, suite.server, owner);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByTestId('trial-days').waitFor();
      expect(await page.getByTestId('trial-days').textContent()).toMatch(/^7 dias restantes/);
      expect(await page.getByTestId('usage-value').textContent()).toBe('0 / 300 conversas');
      expect(new URL(page.url()).searchParams.get('acc')).toBe(await storageItem(page, 'activeAcc'));
      expect(await storageItem(page, 'accessToken')).toMatch(/^eyJ/);
      await screenshot(page, 'dashboard-pt-BR');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    },
    T,
  );

  it(
    'a wrong password shows the server message; login returns to `to`',
    async () => {
      const context = await suite.newContext();
      const page = await context.newPage();
      await login(page, owner, 'Wrong#Password1');
      await page.getByText('E-mail ou senha incorretos').waitFor();
      await screenshot(page, 'login-wrong-password-pt-BR');

      await page.goto('/acc/users');
      await page.waitForURL((url) => url.pathname === '/login');
      expect(new URL(page.url()).searchParams.get('to')).toBe('/acc/users');
      await page.getByLabel(/^E-mail/).fill(owner);
      await page.getByLabel(/^Senha/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Entrar', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/acc/users');
      await page.getByTestId('members-table').waitFor();
      await screenshot(page, 'team-pt-BR');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    },
    T,
  );

  it(
    'forgot password → the link from the e-mail → reset → login with the new password',
    async () => {
      const context = await suite.newContext();
      const page = await context.newPage();
      await page.goto('/forgot-password');
      await page.getByLabel(/^E-mail/).fill(owner);
      await page.getByRole('button', { name: 'Enviar link' }).click();
      await page.getByTestId('forgot-sent').waitFor();
      const link = await linkFor(suite.server.smtp, owner, '/reset-password?token=');
      await page.goto(link);
      const newPassword = 'Nova#Senha2025';
      await page.getByLabel(/^Nova senha/).fill(newPassword);
      await page.getByLabel(/^Confirme a senha/).fill(newPassword);
      await screenshot(page, 'reset-password-pt-BR');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Salvar nova senha' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByText('Senha redefinida com sucesso').first().waitFor();
      await login(page, owner, newPassword);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      // Back to the usual password for the next flows.
      await page.goto('/profile');
      await page.getByLabel(/^Senha atual/).fill(newPassword);
      await page.getByLabel(/^Nova senha/).fill(PASSWORD);
      await page.getByLabel(/^Confirme a nova senha/).fill(PASSWORD);
      await page.getByRole('button', { name: 'Alterar senha' }).click();
      await page.getByText('Senha alterada').waitFor();
      await screenshot(page, 'profile-pt-BR');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    },
    T,
  );

  it(
    'invite a teammate as operator; they accept in another browser and get the not-authorized page on /acc',
    async () => {
      const ownerContext = await suite.newContext();
      const page = await ownerContext.newPage();
      await login(page, owner, PASSWORD, '/login?to=%2Facc%2Fusers');
      await page.waitForURL((url) => url.pathname === '/acc/users');
      const teammate = uniqueEmail('bruno');
      await inviteFromTeamPage(page, teammate, 'Operador');

      const other = await suite.newContext();
      const guest = await other.newPage();
      await fillInvitation(guest, suite.server, teammate);
      await screenshot(guest, 'invitation-pt-BR');
      expect(await seriousA11yViolations(guest)).toEqual([]);
      await guest.getByRole('button', { name: 'Aceitar e entrar' }).click();
      await guest.waitForURL((url) => url.pathname === '/dashboard');
      await guest.goto('/acc');
      await guest.waitForURL((url) => url.pathname === '/not-authorized');
      await guest
        .getByText('Você não tem acesso a esta funcionalidade, fale com o administrador da sua conta')
        .waitFor();
      await screenshot(guest, 'not-authorized-pt-BR');
      expect(await seriousA11yViolations(guest)).toEqual([]);

      await page.reload();
      await page.getByTestId('member-row').filter({ hasText: teammate }).waitFor();
      await other.close();
      await ownerContext.close();
    },
    T,
  );

  it(
    'create a second account and switch: the acc query and activeAcc follow',
    async () => {
      const context = await suite.newContext();
      const page = await context.newPage();
      await login(page, owner);
      await page.waitForURL((url) => url.pathname === '/dashboard' && url.searchParams.has('acc'));
      const first = new URL(page.url()).searchParams.get('acc');
      await createAccountFromSwitcher(page, 'Filial Centro');
      const second = new URL(page.url()).searchParams.get('acc');
      expect(second).not.toBe(first);
      expect(await storageItem(page, 'activeAcc')).toBe(second);

      await page.getByTestId('account-switcher').click();
      await page.getByRole('menuitem', { name: /Loja da Ana/ }).click();
      await page.getByTestId('active-account-name').filter({ hasText: 'Loja da Ana' }).waitFor();
      expect(new URL(page.url()).searchParams.get('acc')).toBe(first);
      expect(await storageItem(page, 'activeAcc')).toBe(first);
      await screenshot(page, 'account-switcher-pt-BR');
      await context.close();
    },
    T,
  );

  it(
    'an account whose trial ended is sent to /blocked',
    async () => {
      const email = uniqueEmail('carla');
      const context = await suite.newContext();
      const page = await context.newPage();
      await signUp(page, suite.server, email, 'Padaria Carla');
      const acc = await storageItem(page, 'activeAcc');
      await suite.server.app.platform.database.db.execute(
        sql`update account_plans set trial_end_date = now() - interval '1 day' where account_id = ${acc}`,
      );
      await suite.server.app.platform.tenantCache.invalidate(acc!);
      await page.goto('/dashboard');
      await page.waitForURL((url) => url.pathname === '/blocked');
      await page.getByText('Seu período de teste terminou').waitFor();
      await screenshot(page, 'blocked-pt-BR');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Ver planos' }).click();
      await page.waitForURL((url) => url.pathname === '/plans');
      await page.getByTestId('plan-pro').waitFor();
      await screenshot(page, 'plans-pt-BR');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    },
    T,
  );

  it(
    'the language switch shows the pt-BR and en texts',
    async () => {
      const context = await suite.newContext();
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Entrar' }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR');
      await screenshot(page, 'login-pt-BR');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'EN', exact: true }).click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      await page.getByLabel(/^E-mail/).fill(owner);
      await page.getByLabel(/^Password/).fill('Wrong#Password1');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByText('Incorrect e-mail or password').waitFor();
      await screenshot(page, 'login-en');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'PT', exact: true }).click();
      await page.getByRole('heading', { name: 'Entrar' }).waitFor();
      await context.close();
    },
    T,
  );
});
