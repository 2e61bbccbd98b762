import { finished } from 'node:stream/promises';
import type { Parser } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { csvOptions, csvParser } from './contact-import-file';

/** Quoted text kept waiting for its closing quote before the rest goes to the streaming parser. */
const MAX_PENDING_QUOTED = 256 * 1024;

/**
 * CSV records, exactly as csvParser(delimiter) would produce them, several times faster: between
 * two line breaks, text without a quote character is split by hand, and runs of lines that hold
 * quotes go to csv-parse itself, always starting and ending on a record boundary (where the parser
 * keeps no state but the line break it found). Text that does not fit that (a quote before the
 * first line break, or a quoted field spanning more than 256 kB) goes to a streaming csv-parse for
 * the rest of the file. Records arrive through `onRecord`, during write() or, once streaming,
 * shortly after it; errors are csv-parse's (thrown by write()/end(), or in `error`).
 */
export class CsvRecordSplitter {
  private carry = '';
  /** The record delimiter, found as csv-parse finds it: the first line break. */
  private rd: string | null = null;
  private started = false;
  private stream: Parser | null = null;
  private failure: Error | null = null;

  constructor(
    private readonly delimiter: string,
    private readonly onRecord: (cells: string[]) => void,
  ) {}

  get error(): Error | null {
    return this.failure;
  }

  write(text: string): void {
    if (this.stream) {
      if (!this.failure && text) this.stream.write(text);
      return;
    }
    let data = this.carry + text;
    this.carry = '';
    if (!this.started) {
      if (!data) return;
      this.started = true;
      if (data.charCodeAt(0) === 0xfeff) data = data.slice(1); // the UTF-8 BOM (csv-parse `bom`)
    }
    if (this.rd === null && !this.discover(data, false)) return;
    if (this.stream) return;
    const rd = this.rd!;
    // With '\r\n', a trailing '\r' waits for the next piece.
    const last = data.lastIndexOf(rd);
    if (last === -1) {
      this.carry = data;
      return;
    }
    const cut = last + rd.length;
    this.carry = data.slice(cut);
    this.region(data.slice(0, cut), false);
  }

  async end(): Promise<void> {
    if (this.stream) {
      this.stream.end();
      await finished(this.stream).catch((error: Error) => {
        this.failure ??= error;
      });
      if (this.failure) throw this.failure;
      return;
    }
    let data = this.carry;
    this.carry = '';
    if (!this.started && data.charCodeAt(0) === 0xfeff) data = data.slice(1);
    this.started = true;
    if (!data) return;
    if (this.rd === null && !this.discover(data, true)) {
      // No line break at all: one record.
      this.region(data, true);
      return;
    }
    if (this.stream) return this.end();
    this.region(data, true);
  }

  /** Finds the record delimiter (false: not yet decidable); a quote before it means streaming. */
  private discover(data: string, atEnd: boolean): boolean {
    const br = data.search(/[\r\n]/);
    const quote = data.indexOf('"');
    if (quote !== -1 && (br === -1 || quote < br)) {
      this.toStream(data);
      return true;
    }
    if (br === -1 || (data[br] === '\r' && br + 1 === data.length && !atEnd)) {
      this.carry = data;
      return false;
    }
    this.rd = data[br] === '\n' ? '\n' : data[br + 1] === '\n' ? '\r\n' : '\r';
    return true;
  }

  /** Complete records: text ending with the delimiter, or the file's last text when `atEnd`. */
  private region(text: string, atEnd: boolean) {
    const rd = this.rd;
    const quote = text.indexOf('"');
    // Lines before the one holding the first quote are split by hand.
    let plainEnd = text.length;
    if (quote !== -1) {
      const br = rd === null || quote < rd.length ? -1 : text.lastIndexOf(rd, quote - rd.length);
      plainEnd = br === -1 ? 0 : br + rd!.length;
    }
    if (plainEnd > 0) {
      const lines = rd === null ? [text.slice(0, plainEnd)] : text.slice(0, plainEnd).split(rd);
      for (let i = 0; i < lines.length - 1; i++) this.onRecord(lines[i].split(this.delimiter));
      // After the last delimiter: a record only when text follows it (the file's last line).
      const tail = lines[lines.length - 1];
      if (tail !== '') this.onRecord(tail.split(this.delimiter));
    }
    if (quote === -1) return;
    const quoted = text.slice(plainEnd);
    let records: string[][];
    try {
      records = parseSync(
        quoted,
        csvOptions(this.delimiter, { bom: false, record_delimiter: rd ?? undefined }),
      );
    } catch (error) {
      if ((error as { code?: string }).code !== 'CSV_QUOTE_NOT_CLOSED' || atEnd) {
        this.failure = error as Error;
        throw error;
      }
      // A quoted field goes on past this text: wait for more, up to a point.
      if (quoted.length + this.carry.length > MAX_PENDING_QUOTED) this.toStream(quoted + this.carry);
      else this.carry = quoted + this.carry;
      return;
    }
    for (const record of records) this.onRecord(record);
  }

  private toStream(data: string) {
    this.carry = '';
    const stream = csvParser(this.delimiter, { bom: false, record_delimiter: this.rd ?? undefined });
    stream.on('data', (record: string[]) => this.onRecord(record));
    stream.on('error', (error: Error) => {
      this.failure ??= error;
    });
    this.stream = stream;
    if (data) stream.write(data);
  }
}
