import { AppError } from '../../platform/errors';

/** Accepted team chat files (spec §9): extension → MIME type and a check of the content's signature. */
const TYPES: Record<string, { mime: string; matches: (b: Buffer) => boolean }> = {
  png: { mime: 'image/png', matches: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')) },
  jpeg: { mime: 'image/jpeg', matches: (b) => b.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex')) },
  jpg: { mime: 'image/jpeg', matches: (b) => b.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex')) },
  pdf: { mime: 'application/pdf', matches: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  doc: {
    mime: 'application/msword',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from('d0cf11e0a1b11ae1', 'hex')),
  },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    matches: (b) => b.subarray(0, 4).equals(Buffer.from('504b0304', 'hex')),
  },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    matches: (b) => b.subarray(0, 4).equals(Buffer.from('504b0304', 'hex')),
  },
};

/** Content types the upload route parses as raw bytes. */
export const UPLOAD_CONTENT_TYPES = [
  ...new Set(Object.values(TYPES).map((t) => t.mime)),
  'application/octet-stream',
];

/** Splits "report.final.pdf" into name and extension and checks type and content; throws TEAM_CHAT_FILE_TYPE. */
export function checkFile(fileName: string, data: Buffer): { name: string; extension: string; mime: string } {
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  const name =
    dot > 0
      ? [...fileName.slice(0, dot)].map((c) => (c < ' ' || c === '/' || c === '\\' ? '_' : c)).join('')
      : '';
  const type = TYPES[extension];
  if (!name || !type?.matches(data)) throw new AppError('TEAM_CHAT_FILE_TYPE');
  return { name, extension, mime: type.mime };
}
