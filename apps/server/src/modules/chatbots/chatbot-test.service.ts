import type { TChatbotTestOutcome, TChatbotTestSession } from '@atende/shared';
import type { TDb } from '../../platform/db/client';
import { withTenant } from '../../platform/db/tenant';
import { AppError } from '../../platform/errors';
import type { ChannelsService } from '../channels/channels.service';
import { WEBCHAT_NAMESPACE, type WebchatService } from '../webchat/webchat.service';
import { findPageRow, findTestVisitor } from './chatbots.repo';
import { chatbotTestVisitors } from './chatbots.schema';
import { findTestHandover } from './runtime/sessions.repo';
import type { ChatbotsService } from './chatbots.service';

/**
 * The editor's live test: a new web chat visitor (on the bot's chat page channel, else one of its
 * web chat channels, else any of the account's) whose conversation opens in the flow stage and
 * runs the DRAFT — as it is now — through the real runtime. The web talks to it like the widget.
 */
export class ChatbotTestService {
  constructor(
    private readonly db: TDb,
    private readonly chatbots: ChatbotsService,
    private readonly channels: ChannelsService,
    private readonly webchat: WebchatService,
  ) {}

  async start(accountId: string, chatbotId: string, ip: string): Promise<TChatbotTestSession> {
    const bot = await this.chatbots.row(accountId, chatbotId);
    const slug = await this.slugFor(accountId, bot.channelIds, chatbotId);
    const session = await this.webchat.testSession(slug, ip);
    const visitor = await this.webchat.authenticate({ slug, token: session.token });
    await withTenant(this.db, accountId, (tx) =>
      tx
        .insert(chatbotTestVisitors)
        .values({ contactId: visitor.contactId, accountId, chatbotId, document: bot.draft }),
    );
    return { slug, token: session.token, socketNamespace: WEBCHAT_NAMESPACE };
  }

  /** How the bot's test on `conversationId` ended: where its hand-over would have gone (ChatbotRuntime.endTestHandover). */
  async outcome(accountId: string, chatbotId: string, conversationId: string): Promise<TChatbotTestOutcome> {
    await this.chatbots.row(accountId, chatbotId);
    return { handover: (await findTestHandover(this.db, accountId, chatbotId, conversationId)) ?? null };
  }

  /** The test ended (a hand-over): its console is told as the chat page is of a close ('closed'). */
  async ended(accountId: string, conversationId: string) {
    await this.webchat.closed(accountId, conversationId);
  }

  /** The draft a test visitor's conversation runs (undefined: not a test visitor). */
  async testOf(accountId: string, contactId: string | null) {
    if (!contactId) return undefined;
    return findTestVisitor(this.db, accountId, contactId);
  }

  private async slugFor(accountId: string, channelIds: string[], chatbotId: string): Promise<string> {
    const page = await findPageRow(this.db, accountId, chatbotId);
    const all = (await this.channels.list(accountId)).filter(
      (c) => c.kind === 'webchat' && c.status === 'active',
    );
    const pick =
      all.find((c) => c._id === page?.channelId) ?? all.find((c) => channelIds.includes(c._id)) ?? all[0];
    if (!pick) throw new AppError('CHATBOT_TEST_NO_WEBCHAT');
    return pick.externalId;
  }
}
