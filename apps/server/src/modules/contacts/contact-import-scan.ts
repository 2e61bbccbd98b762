import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { CONTACT_LIMITS, type TImportPreviewRecord } from '@atende/shared';
import { AppError } from '../../platform/errors';
import {
  detectDelimiter,
  detectEncoding,
  isBlankRecord,
  normalizeHeader,
  type TCsvEncoding,
} from './contact-import-file';
import { CsvRecordSplitter } from './contact-import-split';

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
  private splitter: CsvRecordSplitter | null = null;
  private failed = false;
  private line = 0;
  private result: TScanResult = { encoding: 'utf-8', delimiter: ',', header: [], preview: [], total: 0 };

  push(data: Buffer) {
    if (this.splitter) return this.write(data);
    this.head.push(data);
    this.headBytes += data.length;
    if (this.headBytes >= SNIFF_BYTES) this.start();
  }

  async end(): Promise<TScanResult> {
    if (!this.splitter) this.start();
    const splitter = this.splitter!;
    try {
      this.writeText(this.decoder!.decode());
      if (!this.failed) await splitter.end();
    } catch {
      this.failed = true;
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
    this.splitter = new CsvRecordSplitter(this.result.delimiter, (record) => this.onRecord(record));
    this.writeText(text);
  }

  private write(data: Buffer) {
    this.writeText(this.decoder!.decode(data, { stream: true }));
  }

  private writeText(text: string) {
    if (this.failed || !text) return;
    try {
      this.splitter!.write(text);
    } catch {
      this.failed = true;
    }
    if (this.splitter!.error) this.failed = true;
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

/** Text handed to the splitter at a time: one slice is split in a few milliseconds. */
const SLICE_BYTES = 64 * 1024;

/**
 * Every record of a stored upload, in arrays as they are split. `read(seq)` answers piece `seq`
 * (undefined past the end); the next piece is read while this one is split. Each 64 kB slice is
 * followed by a turn of the event loop, so a big file never holds up other requests.
 */
export async function* storedRecordBatches(
  read: (seq: number) => Promise<Buffer | undefined>,
  encoding: string,
  delimiter: string,
): AsyncGenerator<string[][]> {
  const decoder = new TextDecoder(encoding);
  let records: string[][] = [];
  const splitter = new CsvRecordSplitter(delimiter, (record) => records.push(record));
  const take = () => {
    if (splitter.error) throw splitter.error;
    const out = records;
    records = [];
    return out;
  };
  let next: Promise<Buffer | undefined> | null = read(0);
  try {
    for (let seq = 0; next; seq++) {
      const data: Buffer | undefined = await next;
      next = data ? read(seq + 1) : null;
      next?.catch(() => undefined); // awaited on the next turn; never an unhandled rejection
      if (!data) break;
      for (let at = 0; at < data.length; at += SLICE_BYTES) {
        splitter.write(decoder.decode(data.subarray(at, at + SLICE_BYTES), { stream: true }));
        // Once csv-parse streams (quoted text), records come on the ticks after write().
        await yieldToEventLoop();
        const out = take();
        if (out.length) yield out;
      }
    }
    splitter.write(decoder.decode());
    await splitter.end();
    const out = take();
    if (out.length) yield out;
  } finally {
    await next?.catch(() => undefined);
  }
}
