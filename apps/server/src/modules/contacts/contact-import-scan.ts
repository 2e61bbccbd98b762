import { finished } from 'node:stream/promises';
import { CONTACT_LIMITS, type TImportPreviewRecord } from '@atende/shared';
import type { Parser } from 'csv-parse';
import { AppError } from '../../platform/errors';
import {
  csvParser,
  detectDelimiter,
  detectEncoding,
  drainOrClose,
  isBlankRecord,
  normalizeHeader,
  type TCsvEncoding,
} from './contact-import-file';

const SNIFF_BYTES = 64 * 1024;

export interface TScanResult {
  encoding: TCsvEncoding;
  delimiter: string;
  header: string[];
  preview: TImportPreviewRecord[];
  /** Non-blank data records. */
  total: number;
}

/**
 * Reads an upload as it streams in, without keeping it: sniffs encoding and delimiter from the
 * first 64 kB, then parses to learn the header, the first rows (preview) and the row count. A
 * malformed file (an unclosed quote) fails with CSV_STRUCTURE_ERROR.
 */
export class CsvScanner {
  private head: Buffer[] = [];
  private headBytes = 0;
  private decoder: InstanceType<typeof TextDecoder> | null = null;
  private parser: Parser | null = null;
  private failed = false;
  private line = 0;
  private result: TScanResult = { encoding: 'utf-8', delimiter: ',', header: [], preview: [], total: 0 };

  push(data: Buffer) {
    if (this.parser) return this.write(data);
    this.head.push(data);
    this.headBytes += data.length;
    if (this.headBytes >= SNIFF_BYTES) this.start();
  }

  async end(): Promise<TScanResult> {
    if (!this.parser) this.start();
    const parser = this.parser!;
    if (!this.failed) parser.end(this.decoder!.decode());
    try {
      await finished(parser);
    } catch {
      throw new AppError('CSV_STRUCTURE_ERROR');
    }
    if (this.failed) throw new AppError('CSV_STRUCTURE_ERROR');
    return this.result;
  }

  private start() {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.result.encoding = detectEncoding(head);
    this.decoder = new TextDecoder(this.result.encoding);
    const text = this.decoder.decode(head, { stream: true });
    this.result.delimiter = detectDelimiter(text.replace(/^\uFEFF/, ''));
    const parser = csvParser(this.result.delimiter);
    parser.on('data', (record: string[]) => this.onRecord(record));
    parser.on('error', () => {
      this.failed = true;
    });
    this.parser = parser;
    this.writeText(text);
  }

  private write(data: Buffer) {
    this.writeText(this.decoder!.decode(data, { stream: true }));
  }

  private writeText(text: string) {
    if (!this.failed && text) this.parser!.write(text);
  }

  private onRecord(record: string[]) {
    this.line += 1;
    if (this.line === 1) {
      this.result.header = normalizeHeader(record);
      return;
    }
    if (isBlankRecord(record)) return;
    this.result.total += 1;
    if (this.result.preview.length < CONTACT_LIMITS.importPreviewRows)
      this.result.preview.push({ line: this.line, cells: record });
  }
}

/** Every record of a stored upload, piece by piece (`read(seq)` answers undefined past the end). */
export async function* storedRecords(
  read: (seq: number) => Promise<Buffer | undefined>,
  encoding: string,
  delimiter: string,
): AsyncGenerator<string[]> {
  const parser = csvParser(delimiter);
  const decoder = new TextDecoder(encoding);
  const feed = (async () => {
    try {
      for (let seq = 0; ; seq++) {
        const data = await read(seq);
        if (!data || parser.destroyed) break;
        if (!parser.write(decoder.decode(data, { stream: true }))) await drainOrClose(parser);
      }
      if (!parser.destroyed) parser.end(decoder.decode());
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  try {
    for await (const record of parser) yield record as string[];
  } finally {
    // Stopped early (a cancelled import): unblock the feeder, then let it finish.
    if (!parser.destroyed) parser.destroy();
    await feed;
  }
}
