import { deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import type { TE2eServer } from './server';
import { linkFor, otpFor } from './server';

export const PASSWORD = 'Atende#2025x';

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

/**
 * Picks `option` in a Mantine Select: the one labelled `field`, or the input `field` itself. It
 * opens the dropdown again when a re-render closed it before the click (the option stays in the
 * page, hidden), up to five times.
 */
export async function pickOption(page: Page, field: RegExp | Locator, option: string): Promise<void> {
  const input = field instanceof RegExp ? page.getByRole('textbox', { name: field }) : field;
  const choice = page.getByRole('option', { name: option, exact: true });
  await input.click();
  for (let attempt = 1; ; attempt++) {
    try {
      await choice.click({ timeout: 3_000 });
      return;
    } catch (err) {
      if (attempt >= 5) throw err;
      if (!(await choice.isVisible())) await input.click();
    }
  }
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

/** Invites `email` with `role` from the team page's dialog (pt-BR labels), until its pending row shows. */
export async function inviteFromTeamPage(page: Page, email: string, role: string): Promise<void> {
  await page.getByRole('button', { name: 'Convidar' }).click();
  await page
    .getByRole('dialog')
    .getByLabel(/^E-mail/)
    .fill(email);
  await pickOption(page, /^Papel/, role);
  await page.getByRole('button', { name: 'Enviar convite' }).click();
  await page.getByTestId('invitation-row').filter({ hasText: email }).waitFor();
}

/** Opens the invitation mailed to `email` on `guest` and fills in Bruno Lima's details (pt-BR labels), not yet sent. */
export async function fillInvitation(guest: Page, server: TE2eServer, email: string): Promise<void> {
  await guest.goto(await linkFor(server.smtp, email, '/invitation/'));
  await guest.getByLabel(/^Nome completo/).fill('Bruno Lima');
  await guest.getByLabel(/^Telefone/).fill('21987654321');
  await guest.getByLabel(/^Senha/).fill(PASSWORD);
  await guest.getByLabel(/^Confirme a senha/).fill(PASSWORD);
}

/** Creates another account named `name` from the header's account switcher (pt-BR), until it is the active one. */
export async function createAccountFromSwitcher(page: Page, name: string): Promise<void> {
  await page.getByTestId('account-switcher').click();
  await page.getByRole('menuitem', { name: 'Criar nova conta' }).click();
  await page
    .getByRole('dialog')
    .getByLabel(/^Nome da conta/)
    .fill(name);
  await page.getByRole('dialog').getByRole('button', { name: 'Criar conta' }).click();
  await page.getByTestId('active-account-name').filter({ hasText: name }).waitFor();
}

export async function storageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => (globalThis as any).localStorage.getItem(k) as string | null, key);
}

/** A new confirmed master with their own account, made through the API (faster than the pages). */
export async function signUpByApi(
  server: TE2eServer,
  email: string,
  company: string,
  plan: 'free' | 'pro' | 'business' | 'advanced' = 'pro',
  name = 'Ana Souza',
): Promise<void> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  };
  await post('/g/auth/setup', {
    name,
    phone: '+55 11987654321',
    email,
    password: PASSWORD,
    plan,
    companyName: company,
    companyIndustry: 'retail',
    companyEmployees: '1-10',
  });
  await post('/g/auth/verify-otp', { email, otp: await otpFor(server.smtp, email) });
}

/** Switches the interface language with the header's language menu (or the sign-in frame's buttons). */
export async function switchLanguage(page: Page, lang: 'pt-BR' | 'en'): Promise<void> {
  const current = await page.locator('html').getAttribute('lang');
  if (current === lang) return;
  const menu = page.getByRole('button', { name: current === 'en' ? 'Language' : 'Idioma' });
  const buttons = page.getByRole('button', { name: lang === 'en' ? 'EN' : 'PT', exact: true });
  await menu.or(buttons).first().waitFor();
  if ((await menu.count()) > 0) {
    await menu.click();
    await page.getByRole('menuitem', { name: lang === 'en' ? 'English' : 'Português (Brasil)' }).click();
    // The menu closes on the click. On a loaded CI machine it once stayed open for 30 s after the
    // click (campaigns.e2e, parallel specs): close it by keyboard then, and choose again if the
    // language did not change.
    const dropdown = page.getByRole('menu');
    const closed = await dropdown.waitFor({ state: 'detached', timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (!closed) {
      await page.keyboard.press('Escape');
      await dropdown.waitFor({ state: 'detached' });
      if ((await page.locator('html').getAttribute('lang')) !== lang) return switchLanguage(page, lang);
    }
  } else {
    // The sign-in frame has PT / EN buttons instead of the header menu.
    await buttons.click();
  }
  await page.waitForFunction((l) => (globalThis as any).document.documentElement.lang === l, lang);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small real PNG (one colour, `size`×`size`), for avatar uploads. */
export function solidPng(size = 48, rgb: [number, number, number] = [232, 93, 4]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
