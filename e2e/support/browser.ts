import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const RESULTS_DIR = resolve(import.meta.dirname, '../test-results');

/** True when Debian chromium is present; says so loudly when it is not (and CI=true fails). */
export function hasChromium(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const message = `E2E: no chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH); browser tests cannot run.`;
  if (process.env.CI === 'true') throw new Error(message);
  console.error(`\n!!! ${message}\n`);
  return false;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * The browser's time zone: São Paulo, as most of our users, while the server runs in UTC. Dates
 * the page shows must then be the user's, never midnight UTC read as the day before.
 */
export const BROWSER_TIME_ZONE = 'America/Sao_Paulo';

/** A fresh browser context (its own storage) at desktop size, with the interface language set. */
export function newContext(browser: Browser, baseURL: string, locale = 'pt-BR'): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    locale,
    timezoneId: BROWSER_TIME_ZONE,
    viewport: { width: 1360, height: 860 },
  });
}

/** Saves a full-page screenshot to e2e/test-results/<name>.png (git-ignored). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, `${name}.png`);
  // A full-page shot of a scrolled page draws the fixed header mid-page: start from the top.
  await page.evaluate(() => (globalThis as any).scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** axe-core serious and critical violations on the current page (ids and targets, for messages). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`).join(' | ')}`,
    );
}

/** Waits for the app to settle: no loader and the path matching. */
export async function waitForPath(page: Page, pathname: string | RegExp): Promise<void> {
  await page.waitForURL((url) =>
    typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname),
  );
}
