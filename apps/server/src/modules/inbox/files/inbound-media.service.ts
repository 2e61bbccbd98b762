import type { TFetchedMedia } from '../../../providers/channel-adapter';
import type { ChannelRegistry } from '../../../providers/channel-registry';
import type { TDb } from '../../../platform/db/client';
import { AppError } from '../../../platform/errors';
import type { ChannelsService } from '../../channels/channels.service';
import type { InboxAccess, TViewer } from '../access/inbox-access';
import type { InboxFilesService } from './inbox-files.service';
import { findMediaMessage } from './inbound-media.repo';

/**
 * The media a customer sent, read from the provider on request (WhatsApp media ids, MMS URLs):
 * opened with a signed link (checked here), or by a member who may see the conversation.
 */
export class InboundMediaService {
  constructor(
    private readonly db: TDb,
    private readonly access: InboxAccess,
    private readonly files: InboxFilesService,
    private readonly channels: ChannelsService,
    private readonly registry: ChannelRegistry,
  ) {}

  async open(
    accountId: string,
    messageId: string,
    by: { link: { exp: number; sig: string } } | { viewer: TViewer },
  ): Promise<TFetchedMedia> {
    if ('link' in by) this.files.checkInboundMediaLink(accountId, messageId, by.link.exp, by.link.sig);
    const row = await findMediaMessage(this.db, accountId, messageId);
    if (!row?.media) throw new AppError('MESSAGE_NOT_FOUND');
    if ('viewer' in by)
      this.access.assertCanSee(by.viewer, row.conversation, await this.access.gate(by.viewer));
    // A web chat visitor's file was uploaded here (providerMediaId 'upload:<file id>').
    const upload = row.media.providerMediaId?.match(/^upload:([0-9a-f-]{36})$/)?.[1];
    if (upload) {
      const stored = await this.files.read(accountId, upload);
      if (!stored) throw new AppError('MESSAGE_NOT_FOUND');
      const body = new Blob([new Uint8Array(stored.data)]).stream();
      return { body, mimeType: stored.file.mimeType, size: stored.data.byteLength };
    }
    const adapter = this.registry.find(row.channel.kind);
    const media = await adapter?.fetchMedia(this.channels.record(row.channel), row.media);
    if (!media) throw new AppError('MESSAGE_NOT_FOUND');
    return media;
  }
}
