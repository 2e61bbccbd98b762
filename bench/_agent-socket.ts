import { io, type Socket } from 'socket.io-client';
import type { TBenchServer } from './_support';

/** The bench account owner's inbox socket (/attendance over WebSocket): it sees every message of the account. */
export function agentSocket(
  server: TBenchServer,
  login: { accessToken: string; user: { _id: string } },
): Socket {
  return io(`${server.url}/attendance`, {
    transports: ['websocket'],
    auth: { accID: server.accountId, userID: login.user._id, token: login.accessToken, platform: 'web' },
  });
}
