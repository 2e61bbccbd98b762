import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { startTestApp, type TTestApp } from '../testing/test-app';
import { signUp, type TSignedUp } from '../testing/fixtures';

let ctx: TTestApp;
let url: string;
let owner: TSignedUp;
let other: TSignedUp;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/attendance`;
  owner = await signUp(ctx);
  other = await signUp(ctx);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await ctx.close();
});

function connect(auth: Record<string, string>): Promise<{ socket: Socket; error?: string }> {
  const socket = io(url, { auth, transports: ['websocket'], reconnection: false, forceNew: true });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (err) => resolve({ socket, error: err.message }));
  });
}

describe('realtime /attendance', () => {
  it('accepts a member and delivers account events to it', async () => {
    const { socket, error } = await connect({
      accID: owner.accountId,
      userID: owner.userId,
      token: owner.token,
      platform: 'web',
    });
    expect(error).toBeUndefined();
    const received = new Promise((resolve) => socket.once('test:event', resolve));
    ctx.app.platform.realtime.emitToAccount(owner.accountId, 'test:event', { hello: 'world' });
    expect(await received).toEqual({ hello: 'world' });
  });

  it('refuses bad tokens with the JWT message', async () => {
    const { error } = await connect({
      accID: owner.accountId,
      userID: owner.userId,
      token: 'garbage',
      platform: 'web',
    });
    expect(error).toBe('jwt malformed');
  });

  it("refuses an account the user does not belong to, and never leaks another account's events", async () => {
    const refused = await connect({
      accID: other.accountId,
      userID: owner.userId,
      token: owner.token,
      platform: 'web',
    });
    expect(refused.error).toBe('Invalid acc or user ID');
    const spoofed = await connect({
      accID: owner.accountId,
      userID: other.userId,
      token: owner.token,
      platform: 'web',
    });
    expect(spoofed.error).toBe('Invalid acc or user ID');

    const { socket } = await connect({
      accID: other.accountId,
      userID: other.userId,
      token: other.token,
      platform: 'web',
    });
    const events: unknown[] = [];
    socket.on('private:event', (p) => events.push(p));
    const own = new Promise((resolve) => socket.once('own:event', resolve));
    ctx.app.platform.realtime.emitToAccount(owner.accountId, 'private:event', { secret: true });
    ctx.app.platform.realtime.emitToAccount(other.accountId, 'own:event', { ok: true });
    await own;
    expect(events).toEqual([]);
  });
});
