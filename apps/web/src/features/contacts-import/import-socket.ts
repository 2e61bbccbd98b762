import { LIMITS } from '@atende/shared';
import { io } from 'socket.io-client';
import { readItem } from '../../app/storage';

/** The server event with an import's status (its payload is a TContactImport). */
export const IMPORT_PROGRESS_EVENT = 'contacts-import:progress';

/** What the import page needs of a socket.io-client socket (a fake one in tests). */
export interface TImportSocket {
  readonly connected: boolean;
  on(event: string, listener: (...args: any[]) => void): unknown;
  disconnect(): unknown;
}

/**
 * Its own connection to namespace /attendance, with the team chat's handshake
 * ({ accID, userID, token, platform: 'web' }, the token read again on each reconnection): the
 * server sends import progress to the importing user's room.
 */
export function openImportSocket(accountId: string, userId: string): TImportSocket {
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
