import {
  type TChatbot,
  type TChatbotCreateBody,
  type TChatbotDetail,
  type TChatbotUpdateBody,
  type TChatbotVersion,
  type TChatPage,
  type TChatPageBody,
  type TFlowDocument,
  type TFlowIssue,
  CHATBOT_DEFAULT_HANDOVER_KEYWORDS,
  type TChatbotAiSettings,
  CHATBOT_LIMITS,
  ZChatbotAiSettings,
  emptyFlowDocument,
  findPlan,
  flowDiffSummary,
  validateFlow,
  zImageUrl,
} from '@atende/shared';
import { sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../platform/db/client';
import { isUniqueViolation } from '../../platform/db/pg-errors';
import { withTenant } from '../../platform/db/tenant';
import type { DomainEvents } from '../../platform/events';
import { AppError } from '../../platform/errors';
import type { ChannelsService, TChannelRow } from '../channels/channels.service';
import { flowTemplate } from './chatbot-templates';
import {
  accountChannelIds,
  channelKinds,
  deleteChatbotRow,
  findChatbotRow,
  findPageRow,
  findVersionDocument,
  inFlowCounts,
  insertChatbotRow,
  listChatbotRows,
  listVersionRows,
  publishVersion,
  setLiveChannels,
  type TChatbotRow,
  type TChatbotPageRow,
  removeChannelFromBots,
  updateChatbotRow,
  upsertPageRow,
} from './chatbots.repo';

/** A bot's AI settings with the defaults filled in (a row stores '{}' until they are edited). */
export function aiSettingsOf(row: TChatbotRow): TChatbotAiSettings {
  const parsed = ZChatbotAiSettings.safeParse(row.aiSettings ?? {});
  return parsed.success ? parsed.data : ZChatbotAiSettings.parse({});
}

/**
 * The AI settings an update writes, or undefined when it leaves them. An AI bot has one list of
 * hand-over words (`ai.customKeywords`, "contains" match): `handoverKeywords` sent for it join it.
 */
function aiUpdateOf(current: TChatbotRow, body: TChatbotUpdateBody): TChatbotAiSettings | undefined {
  const extra = current.type === 'ai' ? (body.handoverKeywords ?? []) : [];
  if (!body.ai && extra.length === 0) return undefined;
  const base = body.ai ?? aiSettingsOf(current);
  return {
    ...base,
    personKeywords: [...new Set(base.personKeywords)],
    customKeywords: [
      ...new Set([...base.customKeywords, ...extra.filter((k) => !base.personKeywords.includes(k))]),
    ].slice(0, CHATBOT_LIMITS.aiKeywordsMax),
  };
}

function present(row: TChatbotRow, inFlow = 0): TChatbot {
  return {
    _id: row.id,
    name: row.name,
    type: row.type as TChatbot['type'],
    channelIds: row.channelIds,
    status: row.status as TChatbot['status'],
    publishedVersion: row.publishedVersion,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    inFlowNow: inFlow,
    trainingState: (row.trainingState as TChatbot['trainingState']) ?? null,
    debounceSeconds: row.debounceSeconds,
    handoverKeywords: row.handoverKeywords,
    ai: aiSettingsOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Chatbots: CRUD within the plan's limit, the autosaved draft, publishing (validation, frozen
 * versions, the channels it answers on), versions and rollback, duplicate, and the chat page (a
 * web chat channel the bot owns).
 */
export class ChatbotsService {
  constructor(
    private readonly db: TDb,
    private readonly channels: ChannelsService,
    /** `chatbot.deleted` is emitted in the deleting transaction. */
    private readonly bus?: DomainEvents,
  ) {}

  async list(accountId: string): Promise<TChatbot[]> {
    const [rows, counts] = await Promise.all([
      listChatbotRows(this.db, accountId),
      inFlowCounts(this.db, accountId),
    ]);
    return rows.map((r) => present(r, counts.get(r.id) ?? 0));
  }

  async row(accountId: string, id: string): Promise<TChatbotRow> {
    const row = await findChatbotRow(this.db, accountId, id);
    if (!row) throw new AppError('CHATBOT_NOT_FOUND');
    return row;
  }

  async get(accountId: string, id: string): Promise<TChatbotDetail> {
    const row = await this.row(accountId, id);
    const counts = await inFlowCounts(this.db, accountId);
    return { chatbot: present(row, counts.get(id) ?? 0), draft: row.draft };
  }

  async create(accountId: string, userId: string | null, body: TChatbotCreateBody): Promise<TChatbot> {
    await this.assertChannels(accountId, body.channelIds);
    const draft = body.templateId ? flowTemplate(body.templateId) : emptyFlowDocument();
    if (!draft) throw AppError.validation([{ path: 'templateId', key: 'invalid' }]);
    return present(
      await this.insert(accountId, {
        name: body.name,
        type: body.type,
        channelIds: [...new Set(body.channelIds)],
        draft,
        createdBy: userId,
        trainingState: body.type === 'ai' || body.type === 'hybrid' ? 'not_trained' : null,
        // An AI bot has one list of hand-over words: its AI settings' (the defaults ask for a person).
        handoverKeywords: body.type === 'ai' ? [] : CHATBOT_DEFAULT_HANDOVER_KEYWORDS,
      }),
    );
  }

  async update(accountId: string, id: string, body: TChatbotUpdateBody): Promise<TChatbot> {
    if (body.channelIds) await this.assertChannels(accountId, body.channelIds);
    const current = await this.row(accountId, id);
    const channelIds = body.channelIds ? [...new Set(body.channelIds)] : undefined;
    const ai = aiUpdateOf(current, body);
    const row = await this.liveChannels(() =>
      updateChatbotRow(
        this.db,
        accountId,
        id,
        {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(channelIds ? { channelIds } : {}),
          ...(body.debounceSeconds !== undefined ? { debounceSeconds: body.debounceSeconds } : {}),
          ...(body.handoverKeywords && current.type !== 'ai'
            ? { handoverKeywords: [...new Set(body.handoverKeywords)] }
            : {}),
          ...(ai ? { aiSettings: ai } : {}),
        },
        async (tx, updated) => {
          if (channelIds && updated.status === 'published')
            await setLiveChannels(tx, accountId, id, channelIds);
        },
      ),
    );
    return present(row ?? current);
  }

  /** channel.changed { deleted }: the account's bots leave the channel (idempotent). */
  async channelDeleted(accountId: string, channelId: string): Promise<void> {
    await removeChannelFromBots(this.db, accountId, channelId);
  }

  async remove(accountId: string, id: string): Promise<void> {
    const deleted = await deleteChatbotRow(this.db, accountId, id, (tx) =>
      this.bus ? this.bus.emit(tx, accountId, 'chatbot.deleted', { chatbotId: id }) : Promise.resolve(),
    );
    if (!deleted) throw new AppError('CHATBOT_NOT_FOUND');
  }

  /** Autosave: any document the schema accepts is stored; the answer lists what blocks publishing. */
  async saveDraft(accountId: string, id: string, draft: TFlowDocument) {
    const row = await updateChatbotRow(this.db, accountId, id, { draft });
    if (!row) throw new AppError('CHATBOT_NOT_FOUND');
    return { savedAt: row.updatedAt.toISOString(), issues: await this.issuesOf(accountId, row) };
  }

  async validate(accountId: string, id: string): Promise<TFlowIssue[]> {
    return this.issuesOf(accountId, await this.row(accountId, id));
  }

  async publish(accountId: string, id: string, userId: string | null): Promise<TChatbot> {
    const current = await this.row(accountId, id);
    const issues = await this.issuesOf(accountId, current);
    if (issues.length > 0) throw new AppError('CHATBOT_FLOW_INVALID', { issues });
    await this.assertChannels(accountId, current.channelIds);
    const row = await this.liveChannels(() =>
      publishVersion(
        this.db,
        accountId,
        id,
        current.draft,
        userId,
        (previous) => flowDiffSummary(previous, current.draft),
        current.channelIds,
      ),
    );
    if (!row) throw new AppError('CHATBOT_NOT_FOUND');
    return present(row);
  }

  async unpublish(accountId: string, id: string): Promise<TChatbot> {
    const row = await updateChatbotRow(this.db, accountId, id, { status: 'draft' }, (tx) =>
      setLiveChannels(tx, accountId, id, []),
    );
    if (!row) throw new AppError('CHATBOT_NOT_FOUND');
    return present(row);
  }

  async duplicate(accountId: string, id: string, userId: string | null): Promise<TChatbot> {
    const source = await this.row(accountId, id);
    return present(
      await this.insert(accountId, {
        name: `${source.name} (2)`.slice(0, 100),
        type: source.type,
        channelIds: source.channelIds,
        draft: source.draft,
        debounceSeconds: source.debounceSeconds,
        handoverKeywords: source.handoverKeywords,
        aiSettings: source.aiSettings,
        trainingState: source.trainingState,
        createdBy: userId,
      }),
    );
  }

  async versions(accountId: string, id: string): Promise<TChatbotVersion[]> {
    await this.row(accountId, id);
    const rows = await listVersionRows(this.db, accountId, id);
    return rows.map((r) => ({
      version: r.version,
      publishedAt: r.publishedAt.toISOString(),
      publishedBy: r.publishedById ? { _id: r.publishedById, name: r.publishedByName ?? '' } : null,
      summary: r.summary,
    }));
  }

  /** The draft becomes that version's document (publish it to make it live again). */
  async rollback(accountId: string, id: string, version: number): Promise<TChatbotDetail> {
    await this.row(accountId, id);
    const document = await findVersionDocument(this.db, accountId, id, version);
    if (!document) throw new AppError('CHATBOT_VERSION_NOT_FOUND');
    await this.saveDraft(accountId, id, document);
    return this.get(accountId, id);
  }

  /** A published version's document (sessions run the version they started with). */
  async versionDocument(accountId: string, id: string, version: number): Promise<TFlowDocument | undefined> {
    return findVersionDocument(this.db, accountId, id, version);
  }

  /** The bot's chat page, or null while it has none (the editor then offers to create it). */
  async chatPage(accountId: string, id: string): Promise<TChatPage | null> {
    await this.row(accountId, id);
    const page = await findPageRow(this.db, accountId, id);
    return page ? this.presentPage(page, await this.pageChannel(accountId, page.channelId)) : null;
  }

  /** The page's web chat channel, or null once an admin removed it (Settings › Channels). */
  private pageChannel(accountId: string, channelId: string | null) {
    if (!channelId) return Promise.resolve(null);
    return this.channels.row(accountId, channelId).catch((error) => {
      if (error instanceof AppError && error.code === 'CHANNEL_NOT_FOUND') return null;
      throw error;
    });
  }

  /**
   * The chat page is a web chat channel the bot owns (slug, title, colour, welcome text): the
   * page at /chat/<slug> and its widget are the web chat's, and the bot answers on it.
   */
  async saveChatPage(accountId: string, id: string, body: TChatPageBody): Promise<TChatPage> {
    const bot = await this.row(accountId, id);
    const page = await findPageRow(this.db, accountId, id);
    const channelBody = {
      kind: 'webchat' as const,
      name: body.title || bot.name,
      slug: body.slug,
      color: body.colors.primary,
      greeting: body.welcomeText,
      title: body.title || bot.name,
      avatarUrl: body.avatarUrl || null,
      background: body.colors.background,
      allowedOrigins: [],
      preChatForm: false,
      preChatFields: ['name' as const, 'email' as const],
    };
    // A page whose channel an admin removed gets a new one.
    let channelId = (await this.pageChannel(accountId, page?.channelId ?? null))?.id ?? null;
    try {
      if (channelId) await this.channels.update(accountId, channelId, channelBody);
      else channelId = (await this.channels.create(accountId, channelBody))._id;
    } catch (error) {
      if (error instanceof AppError && error.code === 'CHANNEL_IN_USE')
        throw new AppError('CHATPAGE_SLUG_IN_USE');
      throw error;
    }
    const saved = await upsertPageRow(this.db, accountId, {
      chatbotId: id,
      channelId,
      slug: body.slug,
      title: body.title,
      avatarUrl: body.avatarUrl || null,
      colors: body.colors,
      welcomeText: body.welcomeText,
    });
    if (!bot.channelIds.includes(channelId))
      await this.update(accountId, id, { channelIds: [...bot.channelIds, channelId] });
    return this.presentPage(saved, null);
  }

  /**
   * The page as the editor shows it. Its address, colour and welcome text are its channel's, which
   * an admin may also edit in Settings › Channels: the channel's values win, so the editor never
   * shows (nor links to) an address the page no longer has.
   */
  private presentPage(page: TChatbotPageRow, channel: TChannelRow | null): TChatPage {
    const c = (channel?.config ?? {}) as { color?: string; greeting?: string };
    const slug = channel?.externalId ?? page.slug;
    return {
      chatbotId: page.chatbotId,
      slug,
      title: page.title,
      // Saved before addresses were checked: a text that is not one shows no image.
      avatarUrl: page.avatarUrl && zImageUrl.safeParse(page.avatarUrl).success ? page.avatarUrl : null,
      colors: { ...page.colors, primary: c.color ?? page.colors.primary },
      welcomeText: c.greeting ?? page.welcomeText,
      url: `/chat/${slug}`,
    };
  }

  private async issuesOf(accountId: string, row: TChatbotRow): Promise<TFlowIssue[]> {
    // An AI bot has no flow to draw: it answers every message from its knowledge base.
    if (row.type === 'ai') return [];
    const kinds = await channelKinds(this.db, accountId, row.channelIds);
    return validateFlow(row.draft, { whatsapp: kinds.includes('whatsapp-cloud') });
  }

  private async insert(accountId: string, values: Parameters<typeof insertChatbotRow>[2]) {
    const limit = await this.planLimit(accountId);
    const row = await insertChatbotRow(this.db, accountId, values, limit.max);
    if (row === 'limit')
      throw new AppError(
        'CHATBOT_LIMIT_REACHED',
        { plan: limit.title, limit: limit.max },
        {
          plan: limit.title,
          limit: String(limit.max),
        },
      );
    return row;
  }

  /** The plan's chatbots (spec §1: 1 on every plan). */
  private async planLimit(accountId: string) {
    const [row] = await withTenant(this.db, accountId, async (tx) =>
      rowsOf<{ plan_id: string | null }>(
        await tx.execute(sql`select plan_id from account_plans where account_id = ${accountId}`),
      ),
    );
    const plan = row?.plan_id ? findPlan(row.plan_id) : undefined;
    return {
      plan: plan?.id ?? 'free',
      title: plan?.title ?? 'Free',
      max: plan?.planParameters.chatbots ?? 1,
    };
  }

  /** Channels of another account (or deleted) are refused as unknown. */
  private async assertChannels(accountId: string, ids: string[]) {
    const known = await accountChannelIds(this.db, accountId, ids);
    if (ids.some((id) => !known.has(id))) throw new AppError('CHANNEL_NOT_FOUND');
  }

  private async liveChannels<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CHATBOT_CHANNEL_IN_USE');
      throw error;
    }
  }
}
