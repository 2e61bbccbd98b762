import { AppError } from './errors';

/**
 * What an uploaded file really is, by its content: every upload path (CSV import, avatar, team chat
 * file, inbox attachment, web chat visitor file) checks its bytes here, so a file whose content does
 * not match its declared type (a binary renamed .csv, an executable named .png) answers a
 * translated 4xx with a stable code instead of failing later (PostgreSQL text holds no NUL: a 500).
 */

const startsWith = (b: Uint8Array, hex: string, at = 0) => {
  const sig = Buffer.from(hex, 'hex');
  if (b.length < at + sig.length) return false;
  for (let i = 0; i < sig.length; i++) if (b[at + i] !== sig[i]) return false;
  return true;
};
const ascii = (b: Uint8Array, text: string, at = 0) =>
  startsWith(b, Buffer.from(text, 'latin1').toString('hex'), at);

/** Signatures of the binary formats uploads may carry (first bytes). */
const SIGNATURES: Array<[kind: string, matches: (b: Uint8Array) => boolean]> = [
  ['image/png', (b) => startsWith(b, '89504e470d0a1a0a')],
  ['image/jpeg', (b) => startsWith(b, 'ffd8ff')],
  ['image/gif', (b) => ascii(b, 'GIF87a') || ascii(b, 'GIF89a')],
  ['image/webp', (b) => ascii(b, 'RIFF') && ascii(b, 'WEBP', 8)],
  ['application/pdf', (b) => ascii(b, '%PDF-')],
  ['zip', (b) => startsWith(b, '504b0304') || startsWith(b, '504b0506') || startsWith(b, '504b0708')],
  ['ole', (b) => startsWith(b, 'd0cf11e0a1b11ae1')],
  ['audio/ogg', (b) => ascii(b, 'OggS')],
  ['audio/amr', (b) => ascii(b, '#!AMR')],
  ['audio/mpeg', (b) => ascii(b, 'ID3') || (b[0] === 0xff && b.length > 1 && (b[1] & 0xe0) === 0xe0)],
  ['audio/wav', (b) => ascii(b, 'RIFF') && ascii(b, 'WAVE', 8)],
  ['mp4', (b) => ascii(b, 'ftyp', 4)],
  ['webm', (b) => startsWith(b, '1a45dfa3')],
  ['executable', (b) => ascii(b, 'MZ') || startsWith(b, '7f454c46') || startsWith(b, 'cafebabe')],
  ['archive', (b) => startsWith(b, '1f8b') || ascii(b, 'Rar!') || startsWith(b, '377abcaf271c')],
];

/** The binary kind of `data` by its first bytes ('image/png', 'zip', 'executable'…), else null. */
export function sniffKind(data: Uint8Array): string | null {
  for (const [kind, matches] of SIGNATURES) if (matches(data)) return kind;
  return null;
}

/** Control characters no text file holds (tab, line feed, form feed and carriage return aside). */
function isBinaryByte(byte: number) {
  return (
    byte === 0 ||
    (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) ||
    byte === 0x7f
  );
}

/** True when `data` reads as text: no NUL or other control bytes, and no known binary signature. */
export function looksLikeText(data: Uint8Array, atStart = true): boolean {
  if (atStart && sniffKind(data) !== null && sniffKind(data) !== 'audio/mpeg') return false;
  for (let i = 0; i < data.length; i++) if (isBinaryByte(data[i])) return false;
  return true;
}

/**
 * A streamed text upload (the CSV import): each piece is checked as it arrives; the first piece
 * must not be a known binary format. Throws `code` (a 4xx) on the first binary byte.
 */
export class TextUploadCheck {
  private seen = 0;
  constructor(private readonly code: 'IMPORT_NOT_TEXT' | 'FILE_CONTENT_INVALID' = 'FILE_CONTENT_INVALID') {}

  push(piece: Uint8Array) {
    const first = this.seen === 0;
    this.seen += piece.length;
    if (!looksLikeText(piece, first)) throw new AppError(this.code);
  }
}

/** Binary kinds each declared MIME type may really be (types not listed are checked as text). */
const KINDS_OF: Record<string, string[]> = {
  'image/png': ['image/png'],
  'image/jpeg': ['image/jpeg'],
  'image/gif': ['image/gif'],
  'image/webp': ['image/webp'],
  'application/pdf': ['application/pdf'],
  'application/zip': ['zip'],
  'application/msword': ['ole'],
  'application/vnd.ms-excel': ['ole'],
  'application/vnd.ms-powerpoint': ['ole'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['zip'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['zip'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['zip'],
  'audio/mpeg': ['audio/mpeg'],
  'audio/ogg': ['audio/ogg'],
  'audio/amr': ['audio/amr'],
  'audio/mp4': ['mp4'],
  'audio/aac': ['mp4', 'aac'],
  'audio/webm': ['webm'],
  'video/mp4': ['mp4'],
  'video/webm': ['webm'],
  'video/3gpp': ['mp4'],
};

/** ADTS AAC frames start with a 12-bit sync word. */
const isAdts = (b: Uint8Array) => b.length > 1 && b[0] === 0xff && (b[1] & 0xf6) === 0xf0;

/**
 * Checks that `data` is what `mime` (the type taken from its name) says: images, PDF, office files,
 * archives, audio and video by their signature; text types (text/plain, text/csv) as text. Throws
 * `code` (default FILE_CONTENT_INVALID, 415) when not.
 */
export function checkUploadContent(
  data: Uint8Array,
  mime: string,
  code: 'FILE_CONTENT_INVALID' | 'TEAM_CHAT_FILE_TYPE' = 'FILE_CONTENT_INVALID',
) {
  const kinds = KINDS_OF[mime];
  const kind = sniffKind(data);
  const ok = kinds
    ? (kind !== null && kinds.includes(kind)) || (kinds.includes('aac') && isAdts(data))
    : mime.startsWith('text/')
      ? looksLikeText(data)
      : kind !== 'executable';
  if (!ok) throw new AppError(code);
}

/** True when `data` is a JPG, GIF or PNG image of type `mime` (avatars). */
export function isImageOf(data: Uint8Array, mime: string) {
  return sniffKind(data) === mime && mime.startsWith('image/');
}
