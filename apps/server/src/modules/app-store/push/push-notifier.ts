import { isTestEvent, type TDomainEvent, type TPushEvent } from '@atende/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../../platform/db/client';
import type { DomainEvents } from '../../../platform/events';
import type { Realtime, TSocketData } from '../../../platform/realtime';
import { rooms } from '../../../platform/rooms';
import type { AccountsService } from '../../accounts/accounts.service';
import type { UsersService } from '../../users/users.service';
import type { AppsService } from '../catalogue/apps.service';
import { findPushPreferences } from './push-preferences.repo';
import type { PushSender } from './push-sender';
import { conversationContactName, userLanguages } from './push-targets.repo';
import { pushTexts } from './push-texts';

/** The socket event a tab sends when it becomes visible or hidden (document.visibilityState). */
export const PRESENCE_EVENT = 'presence:visibility';

interface TNotice {
  kind: TPushEvent;
  accountId: string;
  conversationId: string;
  userIds: string[];
  text: string | null;
}

/**
 * Browser notifications (the browser-notifications app): a conversation given to a user, a
 * customer writing in one of the user's conversations, and (per user) one waiting in the user's
 * department. Durable listeners; a user is notified only when none of their tabs is visible, on
 * every web push subscription they registered; subscriptions the push service reports gone
 * (404/410) are deleted.
 */
export class PushNotifier {
  constructor(
    private readonly db: TDb,
    private readonly apps: AppsService,
    private readonly accounts: AccountsService,
    private readonly users: UsersService,
    private readonly sender: PushSender,
    private readonly realtime: Realtime,
    private readonly log: FastifyBaseLogger,
  ) {}

  listen(bus: DomainEvents) {
    this.realtime.onConnection((socket) => {
      socket.on(PRESENCE_EVENT, (visible: unknown) => {
        (socket.data as TSocketData & { visible?: boolean }).visible = visible !== false;
      });
    });
    bus.durable('app-store.push-assigned', ['conversation.assigned'], (e) => this.onAssigned(e), {
      when: (e) =>
        e.data.assigneeId
          ? e.data.by === 'distribution' || e.data.by === 'transfer'
          : Boolean(e.data.departmentId),
    });
    bus.durable('app-store.push-message', ['message.created'], (e) => this.onMessage(e), {
      // (A chatbot's live test has no assignee, and is skipped by name: isTestEvent.)
      when: (e) =>
        e.data.direction === 'inbound' && !isTestEvent(e) && Boolean(e.data.conversation?.assigneeId),
    });
  }

  private async onAssigned(event: TDomainEvent<'conversation.assigned'>) {
    const { assigneeId, departmentId, conversationId } = event.data;
    if (assigneeId) {
      await this.notify({
        kind: 'assigned',
        accountId: event.accountId,
        conversationId,
        userIds: [assigneeId],
        text: null,
      });
      return;
    }
    const install = await this.apps.activeInstall(event.accountId, 'browser-notifications');
    if (!install || install.settings.departmentWaiting === false || !departmentId) return;
    const members = await this.accounts.members(event.accountId);
    const userIds = members.filter((m) => m.intentions.includes(departmentId)).map((m) => m.userId);
    await this.notify({
      kind: 'department',
      accountId: event.accountId,
      conversationId,
      userIds,
      text: null,
    });
  }

  private async onMessage(event: TDomainEvent<'message.created'>) {
    const assigneeId = event.data.conversation?.assigneeId;
    if (!assigneeId) return;
    await this.notify({
      kind: 'message',
      accountId: event.accountId,
      conversationId: event.data.conversationId,
      userIds: [assigneeId],
      text: event.data.message.body,
    });
  }

  /** Sends `notice` to each user who wants it and has no visible tab; returns how many pushes went out. */
  async notify(notice: TNotice): Promise<number> {
    const { accountId, conversationId } = notice;
    if (!notice.userIds.length || !(await this.apps.activeInstall(accountId, 'browser-notifications')))
      return 0;
    const contactName = await conversationContactName(this.db, accountId, conversationId);
    const langs = await userLanguages(this.db, notice.userIds);
    let sent = 0;
    for (const userId of notice.userIds) {
      const prefs = await findPushPreferences(this.db, accountId, userId);
      if (!prefs.push || !prefs.events.includes(notice.kind)) continue;
      if (await this.hasVisibleTab(accountId, userId)) continue;
      const { title, body } = pushTexts(langs.get(userId) ?? 'pt-BR', notice.kind, contactName, notice.text);
      const payload = {
        kind: notice.kind,
        acc: accountId,
        conversationId,
        title,
        body,
        url: `/apps/inbox?c=${conversationId}`,
        tag: `conversation:${conversationId}`,
        sound: prefs.sound,
      };
      for (const token of await this.users.webPushTokens(accountId, userId)) {
        const outcome = await this.sender.send(token, payload);
        if (outcome === 'sent') sent++;
        if (outcome === 'gone') await this.users.removeDeviceToken(userId, token);
        if (outcome === 'failed')
          this.log.info({ accountId, userId }, 'push not accepted by the push service');
      }
    }
    return sent;
  }

  /** Whether one of the user's tabs in this account is visible (on any node). */
  private async hasVisibleTab(accountId: string, userId: string): Promise<boolean> {
    try {
      const sockets = await this.realtime.namespace.in(rooms.user(userId)).fetchSockets();
      return sockets.some((s) => {
        const data = s.data as TSocketData & { visible?: boolean };
        return data.accountId === accountId && data.visible !== false;
      });
    } catch {
      return false;
    }
  }
}
