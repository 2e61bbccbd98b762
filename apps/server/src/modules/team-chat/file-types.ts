import { AppError } from '../../platform/errors';
import { checkUploadContent } from '../../platform/upload-check';

/** Accepted team chat files (spec §9): extension → MIME type (the content is checked by platform/upload-check). */
const TYPES: Record<string, { mime: string }> = {
  png: { mime: 'image/png' },
  jpeg: { mime: 'image/jpeg' },
  jpg: { mime: 'image/jpeg' },
  pdf: { mime: 'application/pdf' },
  doc: { mime: 'application/msword' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
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
  if (!name || !type) throw new AppError('TEAM_CHAT_FILE_TYPE');
  checkUploadContent(data, type.mime, 'TEAM_CHAT_FILE_TYPE');
  return { name, extension, mime: type.mime };
}
