import { type Options, parse, type Parser } from 'csv-parse';
import type { TImportMapping } from '@atende/shared';

/** Encodings an uploaded CSV may be in: UTF-8, or Windows-1252 (Excel's pt-BR "CSV" export). */
export type TCsvEncoding = 'utf-8' | 'windows-1252';

/** UTF-8 when the first bytes decode as UTF-8 (an incomplete trailing sequence is allowed). */
export function detectEncoding(head: Buffer): TCsvEncoding {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The delimiter of the header line: ';' (Excel pt-BR), tab, or ','. */
export function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best[1] > 0 ? best[0] : ',';
}

/** The parser's options: every record (blank lines too, so record n is spreadsheet line n). */
export function csvOptions(delimiter: string, extra: Options = {}): Options {
  return { delimiter, bom: true, relax_column_count: true, relax_quotes: true, ...extra };
}

/** A streaming parser (see csvOptions); CsvRecordSplitter gives the same records faster. */
export function csvParser(delimiter: string, extra: Options = {}): Parser {
  return parse(csvOptions(delimiter, extra));
}

/** Header cells trimmed, blanks named 'Column N', repeats suffixed ' (2)'. */
export function normalizeHeader(cells: string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, i) => {
    const base = cell.trim() || `Column ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

export function isBlankRecord(cells: string[]): boolean {
  return cells.every((c) => c.trim() === '');
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const SYNONYMS: Record<'name' | 'phone' | 'email' | 'tags', string[]> = {
  name: ['nome', 'name', 'nomecompleto', 'fullname', 'contato', 'contact', 'cliente'],
  phone: ['telefone', 'phone', 'celular', 'whatsapp', 'fone', 'tel', 'mobile', 'numero', 'phonenumber'],
  email: ['email', 'mail', 'correioeletronico'],
  tags: ['tags', 'tag', 'etiquetas', 'etiqueta', 'labels'],
};

/** A first mapping from the header's names (Portuguese and English). */
export function suggestMapping(header: string[]): TImportMapping {
  const mapping: TImportMapping = {};
  for (const field of Object.keys(SYNONYMS) as Array<keyof typeof SYNONYMS>) {
    const found = header.find((h) => SYNONYMS[field].includes(fold(h)));
    if (found) mapping[field] = found;
  }
  return mapping;
}
