import { LIMITS } from '@atende/shared';
import { io } from 'socket.io-client';
import { readItem } from '../../app/storage';
import type { TInboxSocket } from './inbox-realtime';

/**
 * The inbox's own connection to namespace /attendance, authenticated like the team chat's
 * (handshake { accID, userID, token, platform: 'web' }, the token read again on every reconnection).
 * The team chat widget is lazy and owns its socket, so the inbox does not share it.
 */
export function openInboxSocket(accountId: string, userId: string): TInboxSocket {
  return io('/attendance', {
    path: '/socket.io',
    forceNew: true,
    auth: (cb) =>
      cb({ accID: accountId, userID: userId, token: readItem('accessToken') ?? '', platform: 'web' }),
    timeout: LIMITS.teamChat.socketTimeoutMs,
    reconnectionDelay: LIMITS.teamChat.reconnectDelayMs,
    transports: ['websocket', 'polling'],
  });
}
