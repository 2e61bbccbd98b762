import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvParser } from './contact-import-file';
import { CsvRecordSplitter } from './contact-import-split';

type TOutcome = { records: string[][]; failed: boolean };

/** What csv-parse itself makes of `pieces` written one after the other. */
async function reference(pieces: string[], delimiter: string): Promise<TOutcome> {
  const parser = csvParser(delimiter);
  const records: string[][] = [];
  parser.on('data', (r: string[]) => records.push(r));
  const done = new Promise<boolean>((resolve) => {
    parser.on('error', () => resolve(true));
    parser.on('end', () => resolve(false));
  });
  for (const piece of pieces) if (!parser.destroyed) parser.write(piece);
  if (!parser.destroyed) parser.end();
  return { records, failed: await done };
}

async function split(pieces: string[], delimiter: string): Promise<TOutcome> {
  const records: string[][] = [];
  const splitter = new CsvRecordSplitter(delimiter, (r) => records.push(r));
  try {
    for (const piece of pieces) splitter.write(piece);
    await splitter.end();
    return { records, failed: false };
  } catch {
    return { records, failed: true };
  }
}

/** Text cut at random places. */
const pieces = (alphabet: string[]) =>
  fc
    .tuple(
      fc.array(fc.constantFrom(...alphabet), { maxLength: 120 }).map((c) => c.join('')),
      fc.array(fc.nat(), { maxLength: 6 }),
    )
    .map(([text, cuts]) => {
      const at = [...new Set(cuts.map((c) => (text.length ? c % text.length : 0)))].sort((a, b) => a - b);
      const out: string[] = [];
      let from = 0;
      for (const cut of at) {
        out.push(text.slice(from, cut));
        from = cut;
      }
      out.push(text.slice(from));
      return out;
    });

async function same(input: string[], delimiter = ',') {
  const expected = await reference(input, delimiter);
  const actual = await split(input, delimiter);
  expect(actual.failed).toBe(expected.failed);
  if (!expected.failed) expect(actual.records).toEqual(expected.records);
}

describe('CsvRecordSplitter (csv-parse, faster)', () => {
  it('gives csv-parse’s records for any text, however it is cut', async () => {
    const alphabet = ['a', 'b', ' ', ',', ';', '"', '\r', '\n', '\t', 'é', '\uFEFF'];
    await fc.assert(
      fc.asyncProperty(pieces(alphabet), fc.constantFrom(',', ';', '\t'), (input, delimiter) =>
        same(input, delimiter),
      ),
      { numRuns: 1500 },
    );
  }, 60_000);

  it('the same for line-shaped text with quoted cells here and there', async () => {
    const cell = fc.oneof(
      fc.constantFrom('', 'Ana', '11 98765-4321', ' x '),
      fc.constantFrom('"a,b"', '"say ""hi"""', '"two\nlines"', '"x"y', 'a"b', '""', '"open'),
    );
    const line = fc.array(cell, { minLength: 1, maxLength: 4 }).map((cells) => cells.join(','));
    const file = fc
      .tuple(fc.array(line, { maxLength: 12 }), fc.constantFrom('\n', '\r\n', '\r'), fc.boolean())
      .map(([lines, rd, last]) => `${lines.join(rd)}${last ? rd : ''}`);
    await fc.assert(
      fc.asyncProperty(file, fc.array(fc.nat(), { maxLength: 5 }), async (text, cuts) => {
        const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const input = [...at, text.length].map((cut, i) => text.slice(i ? at[i - 1] : 0, cut));
        await same(input);
      }),
      { numRuns: 1500 },
    );
  }, 60_000);

  it('keeps blank lines as records and reads a long plain file in order', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => (i % 7 === 3 ? '' : `Nome ${i},11 9${i}`));
    const text = `nome,telefone\r\n${lines.join('\r\n')}\r\n`;
    await same([text.slice(0, 70_000), text.slice(70_000)]);
    const { records } = await split([text], ',');
    expect(records).toHaveLength(5001);
    expect(records[4]).toEqual(['']);
  });

  it('fails like csv-parse on a quote that never closes', async () => {
    expect((await split(['nome,telefone\n"Ana,11 98765-4321\n'], ',')).failed).toBe(true);
    expect((await split(['"nome,telefone\nAna,1\n'], ',')).failed).toBe(true);
  });
});
