import { rooms } from '../../../platform/rooms';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import { z } from 'zod';
import type { TPlatform } from '../../../platform/platform';
import type { TSocketData } from '../../../platform/realtime';
import { loadMembership } from '../../../platform/tenancy';
import type { TeamChat } from '../../team-chat/team-chat';
import type { ConversationsService } from '../conversations/conversations.service';
import type { DistributionService } from '../distribution/distribution.service';
import { memberRooms } from '../access/inbox-rooms';

const ZTyping = z.object({ conversationId: z.uuid(), typing: z.boolean() });

interface TInboxParts {
  conversations: ConversationsService;
  distribution: DistributionService;
}

/**
 * The inbox side of namespace /attendance: each member's socket joins the rooms its role and
 * departments allow (inbox-rooms.ts); a queue member who connects makes the waiting
 * conversations worth distributing again; an agent's 'typing' { conversationId, typing } is a
 * conversation.typing event (the other agents who may see it; the web chat visitor).
 */
export function registerInboxSockets(
  platform: TPlatform,
  inbox: TInboxParts,
  teamChat: TeamChat,
  log: FastifyBaseLogger,
) {
  const db = platform.database.db;
  const roomsOf = async (socket: Socket) => {
    const { accountId, userId } = socket.data as TSocketData;
    const member = await platform.tenantCache.member(accountId, userId, () =>
      loadMembership(db, accountId, userId),
    );
    const wanted = member ? memberRooms(accountId, userId, member.role, member.intentions) : [];
    for (const room of socket.rooms)
      if (room.startsWith(rooms.inbox.prefix(accountId)) && !wanted.includes(room)) socket.leave(room);
    await socket.join(wanted);
    return member;
  };
  // Roles and departments change (member edits invalidate the account on every node): this
  // node's sockets of the account move to the rooms they are now allowed. Invalidations are
  // frequent (conversation usage), so they are coalesced per account for a second.
  const pending = new Set<string>();
  const refresh = (accountId: string) => {
    pending.delete(accountId);
    let ids: Set<string> | undefined;
    try {
      ids = platform.realtime.namespace.adapter.rooms.get(rooms.account(accountId));
    } catch {
      return; // realtime closed
    }
    for (const id of ids ?? []) {
      const socket = platform.realtime.namespace.sockets.get(id);
      if (socket) roomsOf(socket).catch((err) => log.warn({ err }, 'inbox rooms refresh failed'));
    }
  };
  platform.tenantCache.on('invalidated', (accountId: string) => {
    if (pending.has(accountId)) return;
    pending.add(accountId);
    setTimeout(() => refresh(accountId), 1000).unref();
  });
  platform.realtime.onConnection((socket: Socket) => {
    const { accountId, userId } = socket.data as TSocketData;
    const ready = (async () => {
      const member = await roomsOf(socket);
      if (!member) return null;
      await inbox.distribution.memberOnline(accountId, userId, () =>
        teamChat.presence.activity(accountId, userId, true),
      );
      return member;
    })();
    ready.catch((err) => log.warn({ err }, 'inbox socket setup failed'));

    socket.on('typing', (raw: unknown) => {
      const parsed = ZTyping.safeParse(raw);
      if (!parsed.success) return;
      const { conversationId, typing } = parsed.data;
      ready
        .then(async (member) => {
          if (!member) return;
          const viewer = { accountId, userId, role: member.role, intentions: member.intentions };
          const row = await inbox.conversations.visibleRow(viewer, conversationId);
          let webchat: { channelId: string; contactId: string; name: string } | undefined;
          if (row.channelKind === 'webchat' && row.channelId && row.stage !== 'closed') {
            const names = await teamChat.directory.team(accountId).catch(() => []);
            const name = names.find((m) => m.userId === userId)?.name ?? '';
            webchat = {
              channelId: row.channelId,
              contactId: row.contactId,
              name: name.split(/\s+/)[0] ?? '',
            };
          }
          platform.events.publish(accountId, 'conversation.typing', {
            conversationId,
            author: 'operator',
            typing,
            ...(webchat ? { webchat } : {}),
          });
        })
        .catch(() => undefined);
    });
  });
}
