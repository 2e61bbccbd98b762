import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot, seriousA11yViolations } from './browser';
import { storageItem, switchLanguage } from './flows';
import type { TE2eServer } from './server';

/** Checks and a screenshot of the current page in pt-BR and in English, axe-core in pt-BR (back to pt-BR after). */
export async function inBothLanguages(
  page: Page,
  name: string,
  check: (lang: 'pt-BR' | 'en') => Promise<void>,
): Promise<void> {
  await closeToasts(page);
  for (const lang of ['pt-BR', 'en'] as const) {
    await switchLanguage(page, lang);
    await check(lang);
    await screenshot(page, `${name}-${lang}`);
    if (lang === 'pt-BR') expect(await seriousA11yViolations(page), name).toEqual([]);
  }
  await switchLanguage(page, 'pt-BR');
}

/** Closes the toasts on screen (they would stay in the shots in the language they were shown in). */
export async function closeToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const b of (globalThis as any).document.querySelectorAll('.mantine-Notification-root button'))
      b.click();
  });
  await expect.poll(() => page.locator('.mantine-Notification-root').count(), { timeout: 15_000 }).toBe(0);
}

/** The toasts (Mantine notifications) that contain `text`. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

export async function goTo(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === path && url.searchParams.has('acc'));
}

/** Calls the API as the user signed in on `page` (its token and active account). */
export async function apiAs<T>(
  page: Page,
  server: TE2eServer,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const token = await storageItem(page, 'accessToken');
  const acc = await storageItem(page, 'activeAcc');
  const url = new URL(path, server.baseUrl);
  url.searchParams.set('acc', acc ?? '');
  const res = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { status: number; data: T };
  if (!res.ok || json.status !== 1)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** A column of the leads board by its (visible) phase name. */
export function leadColumn(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

/** The count shown in a board column's header. */
export async function columnCount(page: Page, name: string): Promise<string> {
  return (await leadColumn(page, name).getByTestId('lead-column-count').textContent()) ?? '';
}
