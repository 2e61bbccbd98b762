import { createHmac, timingSafeEqual } from 'node:crypto';
import { CONVERSATION_LIMITS } from '@atende/shared';
import type { TDb } from '../../../platform/db/client';
import { newId } from '../../../platform/db/columns';
import { AppError } from '../../../platform/errors';
import { checkUploadContent } from '../../../platform/upload-check';
import { baseMime } from '../../../providers/media-limits';
import { WebmRemuxError, webmOpusToOgg } from '../../../providers/whatsapp-cloud/webm-to-ogg';
import { findInboxFiles, insertInboxFile, readInboxFile, type TInboxFileRow } from './inbox-files.repo';

/** Accepted uploads by extension: the spec's documents (pdf, txt, doc, docx) and the media the channels carry. */
const MIME_BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  amr: 'audio/amr',
  weba: 'audio/webm',
  mp4: 'video/mp4',
  webm: 'video/webm',
  '3gp': 'video/3gpp',
  zip: 'application/zip',
};

const LINK_TTL_SECONDS = 7 * 24 * 3600;

export interface TUploadedFile {
  fileId: string;
  name: string;
  mimeType: string;
  size: number;
}

/** Inbox uploads (at most 50 MB each) and their signed links (the web and the channel providers fetch them). */
export class InboxFilesService {
  private readonly key: Buffer;

  constructor(
    private readonly db: TDb,
    secret: string,
    private readonly appUrl: string,
  ) {
    this.key = createHmac('sha256', secret).update('atende:inbox-media').digest();
  }

  /** `userId`: the member who uploads, or null for a web chat visitor. */
  async upload(
    accountId: string,
    userId: string | null,
    fileName: string,
    data: Buffer,
  ): Promise<TUploadedFile> {
    const name = [...fileName.trim()].map((c) => (c < ' ' || c === '/' || c === '\\' ? '_' : c)).join('');
    const dot = name.lastIndexOf('.');
    const mimeType = dot > 0 ? MIME_BY_EXTENSION[name.slice(dot + 1).toLowerCase()] : undefined;
    if (!name || data.byteLength === 0) throw new AppError('FILE_UPLOAD_ERROR');
    if (!mimeType) throw new AppError('FILE_TYPE_NOT_ALLOWED');
    if (data.byteLength > CONVERSATION_LIMITS.fileMaxBytes) throw new AppError('FILE_TOO_LARGE');
    checkUploadContent(data, mimeType);
    const row = await insertInboxFile(this.db, accountId, {
      id: newId(),
      uploaderId: userId,
      name,
      mimeType,
      data,
    });
    return { fileId: row.id, name: row.name, mimeType: row.mimeType, size: row.size };
  }

  /** The account's files of these ids, in the order asked; FILE_UPLOAD_ERROR when one is unknown. */
  async find(accountId: string, ids: string[]): Promise<TInboxFileRow[]> {
    const rows = await findInboxFiles(this.db, accountId, [...new Set(ids)]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => {
      const row = byId.get(id);
      if (!row) throw new AppError('FILE_UPLOAD_ERROR');
      return row;
    });
  }

  /**
   * Issue 13: a browser voice note (audio/webm with Opus: Chromium's MediaRecorder) as WhatsApp takes
   * it, audio/ogg with Opus – remuxed (the Opus packets copied, no transcoding) into a new upload.
   * Any other file, or WebM without Opus audio, is returned as it is (the channel's limits judge it).
   */
  async asWhatsAppAudio(
    accountId: string,
    uploaderId: string | null,
    file: TInboxFileRow,
  ): Promise<TInboxFileRow> {
    if (baseMime(file.mimeType) !== 'audio/webm') return file;
    const stored = await readInboxFile(this.db, accountId, file.id);
    if (!stored) return file;
    let ogg: Buffer;
    try {
      ogg = webmOpusToOgg(stored.data);
    } catch (error) {
      if (error instanceof WebmRemuxError) return file;
      throw error;
    }
    const dot = file.name.lastIndexOf('.');
    return insertInboxFile(this.db, accountId, {
      id: newId(),
      uploaderId,
      name: `${dot > 0 ? file.name.slice(0, dot) : file.name}.ogg`,
      mimeType: 'audio/ogg',
      data: ogg,
    });
  }

  /** An upload's bytes for the server itself (a web chat visitor's file shown to the team); undefined when unknown. */
  read(accountId: string, fileId: string) {
    return readInboxFile(this.db, accountId, fileId);
  }

  /** `subject`: an upload's id, or `inbound:<message id>` (a customer's media). */
  private sign(accountId: string, subject: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${accountId}:${subject}:${exp}`).digest('base64url');
  }

  /** A link valid for 7 days (absolute, so providers can download it). */
  link(accountId: string, fileId: string, name: string): string {
    const exp = Math.floor(Date.now() / 1000) + LINK_TTL_SECONDS;
    const sig = this.sign(accountId, fileId, exp);
    return `${this.appUrl}/p/chat/media/${fileId}/${encodeURIComponent(name)}?acc=${accountId}&exp=${exp}&sig=${sig}`;
  }

  /**
   * A link to the media a customer sent (read from the provider on request): what an <img> or a
   * download can open without the session's bearer token. Handed only to those who may see the
   * message; valid 7 days.
   */
  inboundMediaLink(accountId: string, messageId: string): string {
    const exp = Math.floor(Date.now() / 1000) + LINK_TTL_SECONDS;
    const sig = this.sign(accountId, `inbound:${messageId}`, exp);
    return `${this.appUrl}/p/chat/inbox/media/${messageId}?acc=${accountId}&exp=${exp}&sig=${sig}`;
  }

  /** NOT_FOUND unless `sig` signs this account's message media until `exp` (not past). */
  checkInboundMediaLink(accountId: string, messageId: string, exp: number, sig: string) {
    this.checkSignature(accountId, `inbound:${messageId}`, exp, sig);
  }

  private checkSignature(accountId: string, subject: string, exp: number, sig: string) {
    const expected = Buffer.from(this.sign(accountId, subject, exp));
    const given = Buffer.from(sig);
    const valid = expected.length === given.length && timingSafeEqual(expected, given);
    if (!valid || exp < Date.now() / 1000) throw new AppError('NOT_FOUND');
  }

  /** The file of a signed link; NOT_FOUND for a bad, expired or foreign link. */
  async download(accountId: string, fileId: string, exp: number, sig: string) {
    this.checkSignature(accountId, fileId, exp, sig);
    const stored = await readInboxFile(this.db, accountId, fileId);
    if (!stored) throw new AppError('NOT_FOUND');
    return stored;
  }
}
