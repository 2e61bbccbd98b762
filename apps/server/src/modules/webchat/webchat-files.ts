import type { TMessageKind } from '@atende/shared';
import type { RateLimiter } from '../../platform/rate-limit';
import { AppError } from '../../platform/errors';
import { WEBCHAT_MEDIA_LIMITS } from '../../providers/media-limits';
import type { InboxFilesService } from '../inbox/files/inbox-files.service';
import type { VisitorTokens } from './webchat-token';
import type { TVisitor } from './webchat.service';

/** Uploads per visitor. */
const FILE_LIMIT = { limit: 20, windowSeconds: 600 };

/**
 * Web chat visitors' files: kept in the inbox's files (uploader: none), handed back as a reference
 * bound to the visitor (VisitorTokens.fileRef), which their message then carries; the intake stores
 * it as media 'upload:<file id>', which the team opens through the inbound media link.
 */
export class VisitorFiles {
  constructor(
    private readonly tokens: VisitorTokens,
    private readonly files: InboxFilesService,
    private readonly rateLimiter: RateLimiter,
  ) {}

  /**
   * A visitor's file (the channel's types, 50 MB): stored in the inbox's files, answered with a
   * reference bound to the visitor that their next message carries. Rate-limited per visitor.
   */
  async upload(visitor: TVisitor, name: string, data: Buffer) {
    await this.rateLimiter.consume(
      `webchat:file:${visitor.contactId}`,
      FILE_LIMIT.limit,
      FILE_LIMIT.windowSeconds,
    );
    const file = await this.files.upload(visitor.accountId, null, name, data);
    const max = WEBCHAT_MEDIA_LIMITS.types[file.mimeType];
    if (!max) throw new AppError('FILE_TYPE_NOT_ALLOWED');
    if (file.size > max) throw new AppError('FILE_TOO_LARGE');
    return { fileId: this.tokens.fileRef(visitor.contactId, file.fileId), name: file.name, size: file.size };
  }

  /** The inbound media of a visitor's file reference (their own upload only). */
  async mediaOf(visitor: TVisitor, ref: string) {
    const fileId = this.tokens.fileOf(visitor.contactId, ref);
    if (!fileId) throw new AppError('FILE_UPLOAD_ERROR');
    const [file] = await this.files.find(visitor.accountId, [fileId]);
    const kind: TMessageKind = file.mimeType.startsWith('image/')
      ? 'image'
      : file.mimeType.startsWith('audio/')
        ? 'audio'
        : file.mimeType.startsWith('video/')
          ? 'video'
          : 'document';
    return {
      kind,
      media: {
        providerMediaId: `upload:${file.id}`,
        mimeType: file.mimeType,
        fileName: file.name,
        size: file.size,
      },
      link: this.files.link(visitor.accountId, file.id, file.name),
    };
  }
}
