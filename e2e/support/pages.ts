// What every page spec does: the product and chromium for the file, signing in, opening a page of
// the active account, toasts, and the checks and screenshots of a page in both languages.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchBrowser, newContext, screenshot, seriousA11yViolations } from './browser';
import { login, switchLanguage } from './flows';
import type { TConfig } from '../../apps/server/src/config';
import { startE2eServer, type TE2eServer } from './server';
import { expectNoRawCodes } from './raw-codes';

export interface TE2eSuite {
  server: TE2eServer;
  browser: Browser;
  /** A fresh browser context on the product (its own storage), at desktop size, in `locale`. */
  newContext(locale?: string): Promise<BrowserContext>;
}

/**
 * The product (a fresh database) and chromium for the spec file: started before its tests, closed
 * after them. Read them inside hooks and tests. `config`: settings of the product (read in the
 * hook, e.g. the address of a fake provider started there).
 */
export function useE2eSuite(
  timeout: number,
  config: () => Promise<Partial<TConfig>> | Partial<TConfig> = () => ({}),
): TE2eSuite {
  const suite = {
    newContext: (locale) => newContext(suite.browser, suite.server.baseUrl, locale),
  } as TE2eSuite;
  beforeAll(async () => {
    suite.server = await startE2eServer(await config());
    suite.browser = await launchBrowser();
  }, timeout);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  }, timeout);
  return suite;
}

/** A page in a new browser context (its own storage), signed in as `email`, on /dashboard. */
export async function signedInPage(suite: TE2eSuite, email: string, password?: string): Promise<Page> {
  const context = await suite.newContext();
  const page = await context.newPage();
  await login(page, email, password);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  return page;
}

/** Opens `path` and waits until the app has put the active account in the address. */
export async function goTo(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === path && url.searchParams.has('acc'));
}

/** The toasts (Mantine notifications) that contain `text`. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

/** Closes the toasts on screen (they would stay in the shots in the language they were shown in). */
export async function closeToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const b of (globalThis as any).document.querySelectorAll('.mantine-Notification-root button'))
      b.click();
  });
  await expect.poll(() => page.locator('.mantine-Notification-root').count()).toBe(0);
}

/**
 * A shot of the page in pt-BR and in English, axe-core serious violations checked in pt-BR, and no
 * raw i18n key or code on screen in either language (back to pt-BR after).
 */
export async function shootBothLanguages(
  page: Page,
  name: string,
  check: (lang: 'pt-BR' | 'en') => Promise<void>,
): Promise<void> {
  for (const lang of ['pt-BR', 'en'] as const) {
    await switchLanguage(page, lang);
    await check(lang);
    await expectNoRawCodes(page, `${name}-${lang}`);
    await screenshot(page, `${name}-${lang}`);
    // axe-core once per page (the layout is the same in both languages).
    if (lang === 'pt-BR') expect(await seriousA11yViolations(page), name).toEqual([]);
  }
  await switchLanguage(page, 'pt-BR');
}

/** As shootBothLanguages, after closing the toasts of earlier steps. */
export async function inBothLanguages(
  page: Page,
  name: string,
  check: (lang: 'pt-BR' | 'en') => Promise<void>,
): Promise<void> {
  await closeToasts(page);
  await shootBothLanguages(page, name, check);
}
