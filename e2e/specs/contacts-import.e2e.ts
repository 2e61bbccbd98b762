import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from '../support/browser';
import { LEADS_CSV, apiGet, downloadText, pickCsv } from '../support/contacts-import';
import { pickOption, signUpByApi, uniqueEmail } from '../support/flows';
import { shootBothLanguages, signedInPage, useE2eSuite } from '../support/pages';

const T = 120_000;

interface TListedContact {
  name: string;
  phone: string | null;
  email: string | null;
  source: string;
}

describe.skipIf(!hasChromium())('contacts CSV import in chromium', () => {
  const suite = useE2eSuite(T);
  let page: Page;
  const email = uniqueEmail('iara');

  beforeAll(async () => {
    await signUpByApi(suite.server, email, 'Loja da Iara', 'pro', 'Iara Souza');
    page = await signedInPage(suite, email);
  }, T);

  const uploadError = () => page.getByTestId('upload-error');
  const next = (name: string) => page.getByRole('button', { name, exact: true });

  it(
    'upload errors, the sample file, mapping with the required fields, preview, run, the bad row and its report',
    async () => {
      await page.goto('/apps/contacts/import');
      await page.waitForURL((url) => url.pathname === '/apps/contacts/import' && url.searchParams.has('acc'));
      const acc = new URL(page.url()).searchParams.get('acc')!;
      await page.getByText('Arraste a planilha CSV para cá ou clique para escolher').waitFor();
      expect(await page.getByRole('link', { name: 'Voltar para contatos' }).getAttribute('href')).toBe(
        `/apps/contacts?acc=${acc}`,
      );

      // Step 1: the spreadsheet errors of the spec, each with its exact message.
      await next('Continuar').click();
      expect(await uploadError().textContent()).toBe('Nenhum arquivo selecionado');
      await pickCsv(page, 'contatos.txt', 'Nome,Telefone\nAna,11 98765-4321\n', 'text/plain');
      expect(await uploadError().textContent()).toBe('Selecione um arquivo .csv válido');
      await pickCsv(page, 'vazia.csv', 'Nome,Telefone\n\n');
      await next('Continuar').click();
      await uploadError().filter({ hasText: 'A planilha está vazia' }).waitFor();
      await pickCsv(page, 'quebrada.csv', 'Nome,Telefone\n"Ana,11 98765-4321\n');
      await next('Continuar').click();
      await uploadError().filter({ hasText: 'A estrutura do arquivo CSV é inválida' }).waitFor();
      await shootBothLanguages(page, 'contacts-import-1-upload-error', async (lang) => {
        const message =
          lang === 'en' ? 'The CSV file structure is invalid' : 'A estrutura do arquivo CSV é inválida';
        await uploadError().filter({ hasText: message }).waitFor();
      });

      // The sample spreadsheet is made in the browser, in the interface language.
      const [sample] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Baixar planilha de exemplo' }).click(),
      ]);
      expect(sample.suggestedFilename()).toBe('modelo-contatos.csv');
      expect((await downloadText(sample)).split('\r\n')[0]).toBe('Nome,Telefone,E-mail,Etiquetas');

      await pickCsv(page, 'leads.csv', LEADS_CSV);
      await page.getByTestId('import-file').filter({ hasText: 'leads.csv' }).waitFor();
      await shootBothLanguages(page, 'contacts-import-1-upload', async (lang) => {
        await page
          .getByText(lang === 'en' ? 'Only .csv files, up to 50 MB.' : 'Somente arquivos .csv, até 50 MB.', {
            exact: false,
          })
          .waitFor();
      });
      await next('Continuar').click();

      // Step 2: the columns come mapped from their names; the phone is required.
      await page.getByTestId('mapping-table').waitFor();
      const phoneSelect = page.getByRole('textbox', { name: 'Importar a coluna Celular como' });
      expect(await phoneSelect.inputValue()).toBe('Telefone');
      expect(await page.getByRole('textbox', { name: 'Importar a coluna Nome como' }).inputValue()).toBe(
        'Nome',
      );
      await pickOption(page, /^Importar a coluna Celular como$/, 'Não importar');
      await next('Conferir').click();
      expect(await page.getByTestId('missing-phone').textContent()).toBe('Selecione campo é obrigatório');
      await page
        .getByTestId('mapping-error')
        .filter({ hasText: 'Colunas ausentes na planilha: Telefone' })
        .waitFor();
      await shootBothLanguages(page, 'contacts-import-2-mapping-required', async (lang) => {
        const message = lang === 'en' ? 'Select field is required' : 'Selecione campo é obrigatório';
        await page.getByTestId('missing-phone').filter({ hasText: message }).waitFor();
      });
      await pickOption(page, /^Importar a coluna Celular como$/, 'Telefone');
      await shootBothLanguages(page, 'contacts-import-2-mapping', async (lang) => {
        await page
          .getByRole('columnheader', { name: lang === 'en' ? 'Spreadsheet column' : 'Coluna da planilha' })
          .waitFor();
      });
      await next('Conferir').click();

      // Step 3: the first rows as they will be written; line 4 is marked with its problem.
      await page.getByTestId('preview-table').waitFor();
      const badPreview = page.locator('[data-testid="preview-row"][data-error]');
      expect(await badPreview.count()).toBe(1);
      expect(await badPreview.locator('td').first().textContent()).toBe('4');
      await badPreview.filter({ hasText: 'A célula de telefone está em branco' }).waitFor();
      await page.getByTestId('preview-row').filter({ hasText: '+5511987654321' }).waitFor();
      await shootBothLanguages(page, 'contacts-import-3-preview', async (lang) => {
        await badPreview
          .filter({
            hasText: lang === 'en' ? 'The phone cell is blank' : 'A célula de telefone está em branco',
          })
          .waitFor();
      });
      await next('Iniciar importação').click();

      // Step 4: progress until the end (socket event), the summary, the refused row.
      const summary = page.getByTestId('import-summary');
      await summary.filter({ hasText: 'Importação concluída' }).waitFor();
      expect(await summary.textContent()).toContain('Criados: 4 · Atualizados: 0 · Linhas com erro: 1');
      expect(await page.getByTestId('progress-rows').textContent()).toBe('5 de 5 linhas (100%)');
      const errorRow = page.getByTestId('import-error-row');
      await errorRow.waitFor();
      expect(await errorRow.count()).toBe(1);
      expect(await errorRow.locator('td').first().textContent()).toBe('4');
      expect(await errorRow.locator('td').nth(1).textContent()).toBe('A célula de telefone está em branco');
      await page
        .getByTestId('history-row')
        .filter({ hasText: 'leads.csv' })
        .filter({ hasText: 'Concluída' })
        .waitFor();
      await shootBothLanguages(page, 'contacts-import-4-done', async (lang) => {
        await errorRow
          .filter({
            hasText: lang === 'en' ? 'The phone cell is blank' : 'A célula de telefone está em branco',
          })
          .waitFor();
      });

      // The error report: the line, the row as it was, and what was wrong.
      const [report] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Baixar relatório de erros', exact: true }).click(),
      ]);
      expect(report.suggestedFilename()).toBe('leads-errors.csv');
      expect((await downloadText(report)).split('\r\n')).toEqual([
        'Linha,Nome,Celular,E-mail,Etiquetas,Erros',
        '4,Bruno Alves,,bruno.alves@example.com,,A célula de telefone está em branco',
        '',
      ]);
      // The history offers the same report.
      const [again] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Baixar relatório de erros de leads.csv' }).click(),
      ]);
      expect(await downloadText(again)).toBe(await downloadText(report));

      // The good rows are contacts now (phones in E.164), the bad one is not.
      const list = await apiGet<{ items: TListedContact[]; count: number }>(
        suite.server,
        page,
        `/p/chat/contact/list?acc=${acc}&limit=100`,
      );
      const byName = new Map(list.items.map((c) => [c.name, c]));
      expect([...byName.keys()].sort()).toEqual(['Ana Lima', 'Carla Dias', 'Davi Souza', 'Eva Rocha']);
      expect(byName.get('Ana Lima')).toMatchObject({
        phone: '+5511987654321',
        email: 'ana.lima@example.com',
        source: 'import',
      });
      expect(byName.get('Davi Souza')?.phone).toBe('+5531991234567');
    },
    T,
  );
});
