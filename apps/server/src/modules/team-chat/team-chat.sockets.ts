import {
  errorMessage,
  isErrorCode,
  type TTeamChatAck,
  ZClearMessagesPayload,
  ZFetchMessagesPayload,
  ZPingPayload,
  ZSendMessageGPTPayload,
  ZSendMessagePayload,
  ZUpdateUnreadCountPayload,
} from '@atende/shared';
import type { Namespace, Socket } from 'socket.io';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { TSocketData } from '../../platform/realtime';
import { TeamChatService, userRoom } from './team-chat.service';
import type { TeamChat } from './team-chat';

type TAck = (response: TTeamChatAck<unknown>) => void;
type TResult = { data: unknown; after?: () => void };

function langOf(socket: Socket) {
  const header = socket.handshake.headers['accept-language'] ?? '';
  return header.toLowerCase().startsWith('en') ? 'en' : 'pt-BR';
}

/**
 * The team chat events of namespace /attendance (spec §7). Each client event is validated with
 * its packages/shared schema and answered through the optional ack: { status: 1, data } or
 * { status: 0, code, message }.
 */
export function registerTeamChatSockets(feature: TeamChat) {
  const { chat, presence, ai, platform } = feature;
  platform.realtime.onConnection((socket: Socket, namespace: Namespace) => {
    const actor = {
      accountId: (socket.data as TSocketData).accountId,
      userId: (socket.data as TSocketData).userId,
    };
    const mine = userRoom(actor.accountId, actor.userId);
    const pushRooms = async () => namespace.to(mine).emit('updateUnreadCount', await chat.rooms(actor));
    const ready = (async () => {
      await socket.join(mine);
      await chat.connect(actor);
      // Presence first: once a client has its room list, the roster (GET /p/team-chat/members) shows it online.
      await presence.connected(socket);
      socket.emit('updateUnreadCount', await chat.rooms(actor));
    })();
    ready.catch((err) => feature.platform.log.warn({ err }, 'team chat connect failed'));

    const on = <S extends z.ZodType>(event: string, schema: S, run: (p: z.output<S>) => Promise<TResult>) => {
      socket.on(event, (raw: unknown, maybeAck?: unknown) => {
        const ack = (typeof raw === 'function' ? raw : maybeAck) as TAck | undefined;
        const payload = typeof raw === 'function' ? undefined : raw;
        const fail = (code: string) => {
          const known = isErrorCode(code) ? code : 'INTERNAL_ERROR';
          ack?.({ status: 0, code: known, message: errorMessage(known, langOf(socket)) });
        };
        const parsed = schema.safeParse(payload);
        if (!parsed.success) return fail('VALIDATION_FAILED');
        ready
          .then(() => run(parsed.data))
          .then(({ data, after }) => {
            ack?.({ status: 1, data });
            after?.();
          })
          .catch((err: unknown) => {
            if (!(err instanceof AppError))
              feature.platform.log.error({ err, event }, 'team chat event failed');
            fail(err instanceof AppError ? err.code : 'INTERNAL_ERROR');
          });
      });
    };

    on('sendMessage', ZSendMessagePayload, async (p) => {
      const sent = await chat.send(actor, p);
      void presence.activity(actor.accountId, actor.userId).catch(() => undefined);
      const targets = TeamChatService.targets(actor.accountId, sent.room);
      // A new direct room: both members get their room list (computed now, so none arrives stale).
      const lists = sent.created
        ? await Promise.all(
            targets.map(
              async (t) =>
                [t, await chat.rooms({ accountId: actor.accountId, userId: t.split(':')[2] })] as const,
            ),
          )
        : [];
      return {
        data: sent.message,
        after: () => {
          socket.emit('messageSent', { tempId: p.tempId, message: sent.message });
          if (!sent.duplicate) socket.to(targets).emit('sendMessage', sent.message);
          for (const [target, rooms] of lists) namespace.to(target).emit('updateUnreadCount', rooms);
        },
      };
    });

    on('sendMessageGPT', ZSendMessageGPTPayload, async (p) => {
      const asked = await ai.ask(actor, p.content, p.tempId);
      void presence.activity(actor.accountId, actor.userId).catch(() => undefined);
      return {
        data: asked.message,
        after: () => {
          socket.emit('messageSent', { tempId: p.tempId, message: asked.message });
          if (!asked.duplicate) socket.to(mine).emit('sendMessage', asked.message);
        },
      };
    });

    on('fetchMessages', ZFetchMessagesPayload, async (p) => {
      const page = await chat.fetch(actor, p);
      return { data: page, after: () => socket.emit('fetchMessages', page) };
    });

    on('updateUnreadCount', ZUpdateUnreadCountPayload, async (p) => {
      if (p?.roomId) await chat.markRead(actor, p.roomId);
      const rooms = await chat.rooms(actor);
      return { data: rooms, after: () => namespace.to(mine).emit('updateUnreadCount', rooms) };
    });

    on('clearMessages', ZClearMessagesPayload, async (p) => {
      const cleared = await chat.clear(actor, p.roomId);
      return { data: cleared, after: () => void pushRooms() };
    });

    on('pingLastSeen', ZPingPayload, async () => {
      const at = await presence.activity(actor.accountId, actor.userId, true);
      return { data: { lastSeen: at.toISOString() } };
    });

    on('pingOffline', ZPingPayload, async () => {
      const at = await presence.offline(actor.accountId, actor.userId);
      return { data: { lastSeen: at.toISOString() } };
    });

    socket.on('disconnect', () => {
      presence
        .disconnected(actor.accountId, actor.userId)
        .catch((err) => feature.platform.log.warn({ err }, 'team chat disconnect failed'));
    });
  });
}
