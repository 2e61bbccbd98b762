import { Readable, pipeline } from 'node:stream';
import { CAMPAIGN_LIMITS, errorMessage, type TCampaignCsvError, type TLang } from '@atende/shared';
import { newId } from '../../platform/db/columns';
import { AppError } from '../../platform/errors';
import { TextUploadCheck } from '../../platform/upload-check';
import {
  csvParser,
  detectDelimiter,
  detectEncoding,
  isBlankRecord,
  normalizeHeader,
  suggestMapping,
} from '../contacts/contact-import-file';
import { normalizeImportPhone } from '../contacts/contact-import-rows';
import type { TNewRecipient } from './campaigns.repo';

export interface TCsvAudience {
  columns: string[];
  /** Valid rows, in file order, first of each phone only. */
  duplicates: number;
  invalid: number;
  errors: TCampaignCsvError[];
  total: number;
}

/**
 * Reads a campaign's CSV as it streams in (UTF-8 or Windows-1252; ',', ';' or tab): the header
 * must name a name column and a phone column (Portuguese or English names, as the contacts
 * import); each row with a blank name or phone cell, or a phone that is not valid (default
 * country 55), is refused with its spreadsheet line (header = line 1). Valid rows are handed to
 * `flush` in batches of 2,000 so a 100,000-row file never sits in memory whole.
 */
export async function readCampaignCsv(
  body: AsyncIterable<Buffer | string> | undefined,
  lang: TLang,
  flush: (rows: TNewRecipient[]) => Promise<number>,
): Promise<TCsvAudience & { added: number }> {
  if (!body || typeof (body as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] !== 'function')
    throw new AppError('IMPORT_NO_FILE');
  const content = new TextUploadCheck('IMPORT_NOT_TEXT');
  const out: TCsvAudience & { added: number } = {
    columns: [],
    duplicates: 0,
    invalid: 0,
    errors: [],
    total: 0,
    added: 0,
  };
  const seen = new Set<string>();
  let batch: TNewRecipient[] = [];
  let header: string[] | null = null;
  let nameAt = -1;
  let phoneAt = -1;
  let line = 0;
  let size = 0;
  const fail = (at: number, code: 'IMPORT_BLANK_NAME' | 'IMPORT_BLANK_PHONE' | 'IMPORT_INVALID_PHONE') => {
    out.invalid += 1;
    if (out.errors.length < CAMPAIGN_LIMITS.csvErrorsListed)
      out.errors.push({ line: at, code, message: errorMessage(code, lang) });
  };
  const take = async (cells: string[]) => {
    line += 1;
    if (!header) {
      header = normalizeHeader(cells);
      const mapping = suggestMapping(header);
      const missing = [!mapping.name && 'name', !mapping.phone && 'phone'].filter(Boolean) as string[];
      if (missing.length)
        throw new AppError('IMPORT_MISSING_COLUMNS', { missing }, { columns: missing.join(', ') });
      nameAt = header.indexOf(mapping.name!);
      phoneAt = header.indexOf(mapping.phone!);
      out.columns = header;
      return;
    }
    if (isBlankRecord(cells)) return;
    out.total += 1;
    const name = (cells[nameAt] ?? '').trim();
    const rawPhone = (cells[phoneAt] ?? '').trim();
    if (!name) return fail(line, 'IMPORT_BLANK_NAME');
    if (!rawPhone) return fail(line, 'IMPORT_BLANK_PHONE');
    const phone = normalizeImportPhone(rawPhone);
    if (!phone) return fail(line, 'IMPORT_INVALID_PHONE');
    if (seen.has(phone)) {
      out.duplicates += 1;
      return;
    }
    seen.add(phone);
    const fields: Record<string, string> = {};
    header.forEach((column, i) => {
      fields[column] = (cells[i] ?? '').trim();
    });
    batch.push({ id: newId(), phone, name, contactId: null, source: 'csv', line, fields });
    if (batch.length >= 2000) {
      const rows = batch;
      batch = [];
      out.added += await flush(rows);
    }
  };
  const iterator = (body as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  const bytes = (piece: Buffer | string) => {
    const data = typeof piece === 'string' ? Buffer.from(piece) : piece;
    size += data.length;
    if (size > CAMPAIGN_LIMITS.csvMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
    content.push(data);
    return data;
  };
  let firstPiece: Buffer | null = null;
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    const data = bytes(next.value);
    if (data.length > 0) {
      firstPiece = data;
      break;
    }
  }
  if (!firstPiece) throw new AppError('IMPORT_NO_FILE');
  const decoder = new TextDecoder(detectEncoding(firstPiece));
  const firstText = decoder.decode(firstPiece, { stream: true });
  async function* text() {
    yield firstText;
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      yield decoder.decode(bytes(next.value), { stream: true });
    }
    const tail = decoder.decode();
    if (tail) yield tail;
  }
  const parser = csvParser(detectDelimiter(firstText));
  pipeline(Readable.from(text()), parser, () => undefined);
  for await (const record of parser) await take(record as string[]);
  if (!header || out.total === 0) throw new AppError('IMPORT_EMPTY');
  if (batch.length) out.added += await flush(batch);
  return out;
}
