import { PassThrough, Readable } from 'node:stream';
import { csvLine, drainOrClose } from './csv';

export interface TExportFile {
  fileName: string;
  contentType: string;
  stream: Readable;
}

/**
 * A table streamed as a download: CSV (UTF-8 with a BOM, dates as ISO text) or xlsx (one sheet,
 * written as the batches come, waiting while the client reads). Used by the contacts export and
 * the conversation statement.
 */
export async function exportTable<T>(table: {
  format: 'csv' | 'xlsx';
  /** The file name without its extension. */
  name: string;
  sheet: string;
  headers: string[];
  batches: () => AsyncIterable<T[]>;
  cells: (row: T) => unknown[];
}): Promise<TExportFile> {
  const { headers, batches, cells } = table;
  if (table.format === 'csv') {
    async function* lines() {
      yield `\uFEFF${csvLine(headers)}`;
      for await (const rows of batches())
        yield rows
          .map((row) => csvLine(cells(row).map((v) => (v instanceof Date ? v.toISOString() : v))))
          .join('');
    }
    return {
      fileName: `${table.name}.csv`,
      contentType: 'text/csv; charset=utf-8',
      stream: Readable.from(lines()),
    };
  }
  // Loaded on first use: exceljs weighs ~30 MB of memory a process that never exports need not hold.
  const { default: ExcelJS } = await import('exceljs');
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(table.sheet);
  void (async () => {
    sheet.addRow(headers).commit();
    for await (const rows of batches()) {
      if (out.destroyed) return; // the client went away
      for (const row of rows) sheet.addRow(cells(row)).commit();
      if (out.writableNeedDrain) await drainOrClose(out);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: Error) => out.destroy(error));
  return {
    fileName: `${table.name}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    stream: out,
  };
}
