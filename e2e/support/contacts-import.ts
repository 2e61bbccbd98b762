import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { apiCall } from './api';
import { storageItem } from './flows';
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

/** GET on the API with the signed-in page's access token. */
export async function apiGet<T>(server: TE2eServer, page: Page, path: string): Promise<T> {
  return apiCall<T>(server, 'GET', path, undefined, await storageItem(page, 'accessToken'));
}
