import type { Page } from 'playwright-core';
import type { TE2eServer } from './server';
import { otpFor } from './server';

export const PASSWORD = 'Atende#2025x';

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

/** Picks `option` in the Mantine Select labelled `label`. */
export async function pickOption(page: Page, label: RegExp, option: string): Promise<void> {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The register page through to the verification code (pt-BR labels). */
export async function registerThroughSetup(page: Page, email: string, company: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel(/^Nome completo/).fill('Ana Souza');
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Telefone/).fill('11987654321');
  await page.getByLabel(/^Senha/).fill(PASSWORD);
  await page.getByLabel(/^Confirme a senha/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel(/^Nome da empresa/).fill(company);
  await pickOption(page, /^Segmento/, 'Varejo');
  await pickOption(page, /^Número de funcionários/, '1-10 pessoas');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.waitForURL(/\/verify\?/);
}

/** Types the code from the e-mail; verification (and the automatic login) starts on the last digit. */
export async function enterCode(page: Page, server: TE2eServer, email: string): Promise<void> {
  const code = await otpFor(server.smtp, email);
  await page.getByLabel('Dígito 1 do código').click();
  await page.keyboard.type(code);
}

/** Full sign-up of a new master with their own account (Pro trial). */
export async function signUp(
  page: Page,
  server: TE2eServer,
  email: string,
  company = 'Loja da Ana',
): Promise<void> {
  await registerThroughSetup(page, email, company);
  await enterCode(page, server, email);
  await page.waitForURL((url) => url.pathname === '/dashboard');
}

export async function login(page: Page, email: string, password = PASSWORD, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel(/^E-mail/).fill(email);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

export async function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => (globalThis as any).localStorage.getItem(k) as string | null, key);
}
