import { LIMITS } from '@atende/shared';
import { io } from 'socket.io-client';
import { readItem } from '../../app/storage';
import type { TChatSocket } from './chat-client';

/**
 * The socket of namespace /attendance (spec §7): handshake auth { accID, userID, token, platform },
 * read again on every reconnection (so a renewed access token is used); connection timeout 80 s,
 * reconnection delay 1 s (spec §9).
 */
export function openTeamChatSocket(accountId: string, userId: string): TChatSocket {
  return io('/attendance', {
    path: '/socket.io',
    auth: (cb) =>
      cb({ accID: accountId, userID: userId, token: readItem('accessToken') ?? '', platform: 'web' }),
    timeout: LIMITS.teamChat.socketTimeoutMs,
    reconnectionDelay: LIMITS.teamChat.reconnectDelayMs,
    transports: ['websocket', 'polling'],
  });
}
