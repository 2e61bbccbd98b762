import { describe, expect, it } from 'vitest';
import { chunkText } from './chunk-text';
import { extractText, markdownParts, sourceFileType } from './extract-text';
import { tinyDocx, tinyPdf } from './knowledge-sources.testing';

describe('knowledge source text extraction', () => {
  it('reads a PDF page by page, keeping the page number', async () => {
    const result = await extractText(
      'pdf',
      tinyPdf(['Entregamos em todo o Brasil', 'Frete gratis acima de 200 reais']),
    );
    expect(result.pages).toBe(2);
    expect(result.parts).toEqual([
      { page: 1, section: null, text: 'Entregamos em todo o Brasil' },
      { page: 2, section: null, text: 'Frete gratis acima de 200 reais' },
    ]);
  });

  it('reads a docx with its headings as sections', async () => {
    const result = await extractText('docx', await tinyDocx());
    expect(result.parts).toHaveLength(1);
    expect(result.parts[0].section).toBe('Trocas e devoluções');
    expect(result.parts[0].text).toContain('Você pode trocar um produto em até 30 dias.');
    expect(result.parts[0].text).toContain('A devolução do valor leva até 7 dias úteis.');
  });

  it('reads txt and markdown (headings become sections)', async () => {
    const txt = await extractText('txt', new TextEncoder().encode('Horário: 8h às 18h.\n\nSábado até 12h.'));
    expect(txt.parts).toEqual([
      { page: null, section: null, text: 'Horário: 8h às 18h.\n\nSábado até 12h.' },
    ]);
    expect(markdownParts('# Pagamento\nPix e cartão.\n## Parcelas\nAté 10x.')).toEqual([
      { page: null, section: 'Pagamento', text: 'Pix e cartão.' },
      { page: null, section: 'Parcelas', text: 'Até 10x.' },
    ]);
  });

  it('refuses content that is not the declared type, and a file without text', async () => {
    await expect(extractText('pdf', new TextEncoder().encode('not a pdf'))).rejects.toMatchObject({
      code: 'FILE_CONTENT_INVALID',
    });
    await expect(extractText('docx', tinyPdf(['x']))).rejects.toMatchObject({ code: 'FILE_CONTENT_INVALID' });
    await expect(extractText('txt', new Uint8Array([0x4d, 0x5a, 0, 1, 2]))).rejects.toMatchObject({
      code: 'FILE_CONTENT_INVALID',
    });
    await expect(extractText('txt', new TextEncoder().encode('  \n\n '))).rejects.toMatchObject({
      code: 'KNOWLEDGE_SOURCE_NO_TEXT',
    });
    expect(sourceFileType('Manual.PDF')).toBe('pdf');
    expect(sourceFileType('notas.markdown')).toBe('md');
    expect(sourceFileType('planilha.xlsx')).toBeNull();
  });
});

describe('chunking', () => {
  it('packs paragraphs up to the size, overlaps within a part and never crosses a page or section', () => {
    const words = (n: number, w: string) => Array.from({ length: n }, (_, i) => `${w}${i}`).join(' ');
    const chunks = chunkText(
      [
        { page: 1, section: null, text: `${words(30, 'a')}\n\n${words(30, 'b')}\n\n${words(30, 'c')}` },
        { page: 2, section: 'Fim', text: 'curto' },
      ],
      { size: 250, overlap: 40 },
    );
    expect(chunks.map((c) => c.page)).toEqual([1, 1, 2]);
    expect(chunks.map((c) => c.ordinal)).toEqual([0, 1, 2]);
    expect(chunks[0].text).toContain('a0');
    expect(chunks[1].text).toContain('c29');
    // the second chunk starts with the end of the first one (at a word), then the new paragraph
    const carried = chunks[1].text.split('\n\n')[0];
    expect(carried).toContain('b29');
    expect(chunks[0].text.endsWith(carried)).toBe(true);
    expect(chunks[1].text.endsWith(words(30, 'c'))).toBe(true);
    expect(chunks[2]).toEqual({ ordinal: 2, page: 2, section: 'Fim', text: 'curto' });
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(250 + 40 + 2);
  });
});
