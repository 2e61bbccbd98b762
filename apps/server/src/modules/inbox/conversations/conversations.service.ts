import {
  hasRole,
  type TConversation,
  type TConversationList,
  type TConversationListQuery,
  type TMessage,
  type TMessagesQuery,
  type TQuickMessageVariable,
} from '@atende/shared';
import type { TDb } from '../../../platform/db/client';
import { JsonText } from '../../../platform/envelope';
import { AppError } from '../../../platform/errors';
import { isAsciiText, searchTermOf, type TSearchTerm } from '../../../platform/search-term';
import { foldSearchText } from '../../../platform/db/fold-text';
import type { InboxSettingsService } from '../../inbox-settings/inbox-settings.service';
import { quickMessageContext } from '../../quick-messages/quick-messages.service';
import { userNames } from '../actions/conversation-actions.repo';
import { isoMicros, presentConversation } from './conversation-presenter';
import { presentChatMessage } from './message-presenter';
import {
  findConversationListRow,
  listConversationPage,
  listConversationsUpdatedSince,
  readConversationPageVersion,
  type TConversationFilter,
  type TConversationListRow,
} from './conversations.repo';
import type { InboxAccess, TViewer } from '../access/inbox-access';
import type { InboxFilesService } from '../files/inbox-files.service';
import { canSee, type TVisibilityPolicy } from '../access/inbox-rooms';
import { listMessageRows } from '../messaging/messages.repo';
import { isUuid } from '../../../platform/db/columns';
import { ConversationPageCache, pageVersionOf, storedPageVersion } from './conversation-page-cache';

const COUNT_CAP = 10_000;
const CATCH_UP_MAX = 1000;

/** Reading the inbox: tab lists with filters, one conversation, its messages, catch-up after a reconnect. */
export class ConversationsService {
  private readonly pages = new ConversationPageCache();

  constructor(
    private readonly db: TDb,
    private readonly access: InboxAccess,
    private readonly settings: InboxSettingsService,
    private readonly files: InboxFilesService,
  ) {}

  /**
   * A tab, up to the account's inbox load size: waiting (unassigned; operators only of their
   * departments, and not at all when the tab is hidden from them), attendance (mine, or all for
   * managers and up), closed history (operators: theirs). With `contactId`, that contact's
   * conversations in every stage instead, as far as the caller may see them (canSee).
   */
  async list(
    viewer: TViewer,
    query: TConversationListQuery,
  ): Promise<TConversationList | JsonText<TConversationList>> {
    const policy = await this.access.gate(viewer);
    const { loadSize } = await this.settings.get(viewer.accountId);
    const limit = Math.min(query.limit ?? loadSize, loadSize);
    const filter = this.filterOf(viewer, policy, query);
    filter.search = await this.searchOf(query.search);
    if (query.before && query.beforeId) filter.before = { at: query.before, id: query.beforeId };
    // A searched page is not kept: searches are typed once and would push the tabs' pages out.
    const key = filter.search ? null : JSON.stringify([viewer.accountId, limit, filter]);
    if (key && this.pages.shouldCheck(key)) {
      const { total, version } = await readConversationPageVersion(
        this.db,
        viewer.accountId,
        filter,
        limit,
        COUNT_CAP,
      );
      const kept = this.pages.get(key, storedPageVersion(total, version));
      if (kept) return kept;
    }
    const rows = await listConversationPage(this.db, viewer.accountId, filter, limit, COUNT_CAP);
    const last = rows.at(-1);
    const page: TConversationList = {
      items: rows.map(presentConversation),
      count: last ? Number(last.total) : await this.countOf(viewer.accountId, filter),
      next: rows.length === limit && last ? { before: isoMicros(last.cursorUs), beforeId: last.id } : null,
    };
    const version = last
      ? pageVersionOf(
          Number(last.total),
          rows.map((r) => r.rowVersion),
        )
      : null;
    if (!key || !version) return page;
    const written = JsonText.of(page);
    this.pages.set(key, version, written);
    return written;
  }

  /** The list's filter narrowed to what the viewer may see. */
  private filterOf(
    viewer: TViewer,
    policy: TVisibilityPolicy,
    query: TConversationListQuery,
  ): TConversationFilter {
    const manager = hasRole(viewer.role, 'manager');
    const filter: TConversationFilter = {};
    if (query.contactId) {
      filter.contactId = query.contactId;
      if (!manager)
        filter.visibleTo = {
          userId: viewer.userId,
          waiting: !policy.hideWaitingTab,
          departments: viewer.intentions,
        };
    } else if (query.tab === 'flow') {
      // A bot's conversations: operators see them once handed over (waiting), managers watch them.
      if (!manager) throw new AppError('NOT_AUTHORIZED');
      filter.stage = 'flow';
    } else if (query.tab === 'waiting') {
      if (!manager && policy.hideWaitingTab) throw new AppError('NOT_AUTHORIZED');
      filter.stage = 'waiting';
      filter.assigneeId = null;
      if (!manager && viewer.intentions.length) filter.departments = viewer.intentions;
    } else if (query.tab === 'attendance' || query.tab === 'hold') {
      filter.stage = query.tab;
      if (!manager || query.scope === 'mine') filter.assigneeId = viewer.userId;
    } else {
      filter.stage = 'closed';
      if (!manager) filter.involving = viewer.userId;
    }
    if (manager && query.operator !== undefined && filter.stage !== 'waiting')
      filter.assigneeId = query.operator === '' ? null : query.operator;
    if (query.origin) filter.origins = query.origin;
    if (query.department) filter.departmentId = query.department;
    if (query.channel) filter.channelId = query.channel;
    if (query.tag) filter.tagId = query.tag;
    return filter;
  }

  /** An empty page's count: 0 on the first page; past the end of a keyset, the filter's own count. */
  private async countOf(accountId: string, filter: TConversationFilter): Promise<number> {
    if (!filter.before) return 0;
    const { before: _before, ...unpaged } = filter;
    const [first] = await listConversationPage(this.db, accountId, unpaged, 1, COUNT_CAP);
    return first ? Number(first.total) : 0;
  }

  async get(viewer: TViewer, id: string): Promise<TConversation> {
    return presentConversation(await this.visibleRow(viewer, id));
  }

  /** The row when the viewer may see it; CONVERSATION_NOT_FOUND otherwise (as for another account's id). */
  async visibleRow(viewer: TViewer, id: string): Promise<TConversationListRow> {
    const policy = await this.access.gate(viewer);
    const row = await findConversationListRow(this.db, viewer.accountId, id);
    if (!row) throw new AppError('CONVERSATION_NOT_FOUND');
    this.access.assertCanSee(viewer, row, policy);
    return row;
  }

  /** Messages, oldest first: the newest page, an older page (before) or what came after (since: id or ISO instant). */
  async messages(
    viewer: TViewer,
    id: string,
    query: TMessagesQuery,
  ): Promise<{ items: TMessage[]; count: number }> {
    await this.visibleRow(viewer, id);
    const since = query.since;
    const rows = await listMessageRows(this.db, viewer.accountId, id, {
      limit: query.limit,
      before: query.before,
      sinceId: since && isUuid(since) ? since : undefined,
      sinceAt: since && !isUuid(since) ? new Date(since) : undefined,
    });
    const inbound = (messageId: string) => this.files.inboundMediaLink(viewer.accountId, messageId);
    const items = rows.map((m) => presentChatMessage(m, this.linker(viewer.accountId), inbound));
    return { items, count: items.length };
  }

  /** Conversations the viewer may see that changed after `since` (reconnect catch-up; at most 1000). */
  async updatedSince(viewer: TViewer, since: Date): Promise<{ items: TConversation[]; count: number }> {
    const policy = await this.access.gate(viewer);
    const rows = await listConversationsUpdatedSince(this.db, viewer.accountId, since, CATCH_UP_MAX);
    const items = rows.filter((r) => canSee(viewer, r, policy)).map(presentConversation);
    return { items, count: items.length };
  }

  /** The quick message variables of a conversation the viewer may see. */
  async variables(viewer: TViewer, id: string): Promise<Record<TQuickMessageVariable, string>> {
    const row = await this.visibleRow(viewer, id);
    const names = await userNames(this.db, [viewer.userId]);
    return quickMessageContext({
      contactName: row.contactName,
      phone: row.contactPhone,
      email: row.contactEmail,
      operatorName: names.get(viewer.userId) ?? '',
    });
  }

  linker(accountId: string) {
    return (fileId: string, name: string) => this.files.link(accountId, fileId, name);
  }

  private async searchOf(raw: string | undefined): Promise<TSearchTerm | null> {
    const term = searchTermOf(raw);
    if (!term || term.kind === 'digits') return term;
    const value = isAsciiText(term.value)
      ? term.value.toLowerCase()
      : await foldSearchText(this.db, term.value);
    return { kind: 'text', value };
  }
}
