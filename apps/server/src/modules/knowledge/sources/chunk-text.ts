import type { TTextPart } from './extract-text';

export interface TChunk {
  ordinal: number;
  page: number | null;
  section: string | null;
  text: string;
}

export interface TChunkOptions {
  /** Longest chunk, in characters (a paragraph longer than this is cut at word boundaries). */
  size: number;
  /** Characters of the previous chunk's end repeated at the start of the next one (same page/section). */
  overlap: number;
}

export const CHUNK_DEFAULTS: TChunkOptions = { size: 900, overlap: 150 };

/** Words of `text` in pieces of at most `size` characters. */
function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && current.length + 1 + word.length > size) {
      out.push(current);
      current = '';
    }
    current = current ? `${current} ${word}` : word.slice(0, size);
  }
  if (current) out.push(current);
  return out;
}

/** The last `overlap` characters of `text`, starting at a word. */
function tail(text: string, overlap: number) {
  if (overlap <= 0 || text.length <= overlap) return overlap <= 0 ? '' : text;
  const cut = text.slice(text.length - overlap);
  const space = cut.indexOf(' ');
  return space === -1 ? cut : cut.slice(space + 1);
}

/**
 * Chunks for search: paragraphs packed up to `size` characters, never across a page or heading (so a
 * chunk cites one page/section), each starting with the end of the previous chunk of the same part.
 */
export function chunkText(parts: TTextPart[], options: TChunkOptions = CHUNK_DEFAULTS): TChunk[] {
  const chunks: TChunk[] = [];
  for (const part of parts) {
    const paragraphs = part.text
      .split(/\n\s*\n/)
      .map((p) => p.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .flatMap((p) => pieces(p, options.size));
    let current = '';
    let carried = '';
    let hasNew = false;
    const push = () => {
      chunks.push({ ordinal: chunks.length, page: part.page, section: part.section, text: current });
      carried = tail(current, options.overlap);
      current = '';
      hasNew = false;
    };
    for (const paragraph of paragraphs) {
      if (hasNew && current.length + 2 + paragraph.length > options.size + (carried ? options.overlap : 0))
        push();
      if (!current && carried) current = carried;
      current = current ? `${current}\n\n${paragraph}` : paragraph;
      hasNew = true;
    }
    if (hasNew) push();
  }
  return chunks;
}
