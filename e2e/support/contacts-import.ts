import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot, seriousA11yViolations } from './browser';
import { switchLanguage } from './flows';
import type { TE2eServer } from './server';

/**
 * Five contacts; the third data row (spreadsheet line 4) has a blank phone cell. Columns in the
 * order and names a Brazilian spreadsheet would have them.
 */
export const LEADS_CSV = [
  'Nome,Celular,E-mail,Etiquetas',
  'Ana Lima,(11) 98765-4321,ana.lima@example.com,VIP',
  'Carla Dias,21 99876-5432,,Novo',
  'Bruno Alves,,bruno.alves@example.com,',
  'Davi Souza,+55 31 99123-4567,davi@example.com,VIP;Novo',
  'Eva Rocha,11 91234-5678,,',
].join('\n');

/** The file input of the import dropzone. */
export function dropzoneInput(page: Page) {
  return page.getByTestId('import-dropzone').locator('input[type="file"]');
}

/** Puts a CSV in the dropzone (as a user picking it in the file dialog). */
export async function pickCsv(page: Page, name: string, text: string, mimeType = 'text/csv'): Promise<void> {
  await dropzoneInput(page).setInputFiles({ name, mimeType, buffer: Buffer.from(text, 'utf8') });
}

/** Text of a finished download, without a UTF-8 BOM. */
export async function downloadText(download: Download): Promise<string> {
  const path = await download.path();
  return (await readFile(path, 'utf8')).replace(/^\uFEFF/, '');
}

/** A shot of the page in pt-BR and in English, axe-core serious violations checked in pt-BR. */
export async function shootBothLanguages(
  page: Page,
  name: string,
  check: (lang: 'pt-BR' | 'en') => Promise<void>,
): Promise<void> {
  for (const lang of ['pt-BR', 'en'] as const) {
    await switchLanguage(page, lang);
    await check(lang);
    await screenshot(page, `${name}-${lang}`);
    if (lang === 'pt-BR') expect(await seriousA11yViolations(page), name).toEqual([]);
  }
  await switchLanguage(page, 'pt-BR');
}

/** GET on the API with the signed-in page's access token. */
export async function apiGet<T>(server: TE2eServer, page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => (globalThis as any).localStorage.getItem('accessToken') as string);
  const res = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const json = (await res.json()) as { status: number; data: T };
  if (!res.ok || json.status !== 1) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}
