import { AppError } from '../../../platform/errors';
import { looksLikeText, sniffKind } from '../../../platform/upload-check';

/** A knowledge source's file types (spec §5: pdf, txt, doc, docx), plus markdown. */
export const SOURCE_FILE_TYPES = ['pdf', 'txt', 'doc', 'docx', 'md'] as const;
export type TSourceFileType = (typeof SOURCE_FILE_TYPES)[number];

/** A piece of a source's text with where it came from (a PDF page, a heading), for citations. */
export interface TTextPart {
  page: number | null;
  section: string | null;
  text: string;
}

export interface TExtracted {
  /** PDF pages (1 for the other types). */
  pages: number;
  parts: TTextPart[];
}

/** The file's type by its name, or null when it is not one a knowledge base takes. */
export function sourceFileType(fileName: string): TSourceFileType | null {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  if (ext === 'markdown') return 'md';
  return (SOURCE_FILE_TYPES as readonly string[]).includes(ext) ? (ext as TSourceFileType) : null;
}

/** The content really is the declared type (a renamed binary is refused with FILE_CONTENT_INVALID). */
export function checkSourceContent(type: TSourceFileType, data: Uint8Array) {
  const kind = sniffKind(data);
  const ok =
    type === 'pdf'
      ? kind === 'application/pdf'
      : type === 'docx'
        ? kind === 'zip'
        : type === 'doc'
          ? kind === 'ole'
          : looksLikeText(data);
  if (!ok) throw new AppError('FILE_CONTENT_INVALID');
}

/** Markdown (or docx turned into markdown) split at its headings: each part keeps its heading. */
export function markdownParts(markdown: string, page: number | null = null): TTextPart[] {
  const parts: TTextPart[] = [];
  let section: string | null = null;
  let lines: string[] = [];
  const flush = () => {
    const text = lines.join('\n').trim();
    if (text) parts.push({ page, section, text });
    lines = [];
  };
  for (const line of markdown.split(/\r?\n/)) {
    const heading = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      section = heading[1].replace(/[*_`\\]/g, '').trim() || null;
    } else lines.push(line);
  }
  flush();
  return parts;
}

async function pdfParts(data: Uint8Array): Promise<TExtracted> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(data),
    useSystemFonts: false,
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  try {
    const parts: TTextPart[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      page.cleanup();
      text = text.replace(/[ \t]+\n/g, '\n').trim();
      if (text) parts.push({ page: n, section: null, text });
    }
    return { pages: doc.numPages, parts };
  } finally {
    await doc.destroy();
  }
}

/**
 * The text of an uploaded source, by page (PDF) or heading (docx, markdown). Throws
 * FILE_CONTENT_INVALID when the bytes are not the type, SOURCE_NO_TEXT when nothing readable is in it.
 */
export async function extractText(type: TSourceFileType, data: Uint8Array): Promise<TExtracted> {
  checkSourceContent(type, data);
  let extracted: TExtracted;
  try {
    if (type === 'pdf') extracted = await pdfParts(data);
    else if (type === 'docx') {
      // Loaded when a document comes (as pdfjs): a server that never reads one keeps them out of memory.
      const { default: mammoth } = await import('mammoth');
      const { value } = await (
        mammoth as unknown as { convertToMarkdown: typeof mammoth.extractRawText }
      ).convertToMarkdown({ buffer: Buffer.from(data) });
      extracted = { pages: 1, parts: markdownParts(value.replace(/\\([.!()\-#*_[\]])/g, '$1')) };
    } else if (type === 'doc') {
      const { default: WordExtractor } = await import('word-extractor');
      const document = await new WordExtractor().extract(Buffer.from(data));
      extracted = { pages: 1, parts: markdownParts(document.getBody()) };
    } else extracted = { pages: 1, parts: markdownParts(Buffer.from(data).toString('utf8')) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('FILE_CONTENT_INVALID');
  }
  if (extracted.parts.length === 0) throw new AppError('KNOWLEDGE_SOURCE_NO_TEXT');
  return extracted;
}
