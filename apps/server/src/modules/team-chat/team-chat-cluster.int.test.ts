import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, signUp, type TSignedUp } from '../../testing/fixtures';
import { TEST_JWT_SECRET, until } from '../../testing/helpers';
import { testEngine } from '../../testing/test-db';
import { startTestApp, type TTestApp } from '../../testing/test-app';
import { type ChatClient, connectChat, listen, roomOf } from './team-chat.testing';

let ctx: TTestApp;
let node1: string;
let node2: string;
let child: ChildProcess | undefined;
let owner: TSignedUp;
let bob: { userId: string; token: string };
const clients: ChatClient[] = [];

/** The app in a second process on the same PostgreSQL database; resolves with its base URL. */
async function startSecondNode(databaseUrl: string): Promise<string> {
  child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/testing/app-process.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET: TEST_JWT_SECRET },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    child!.once('exit', (code) => reject(new Error(`second node exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line).port);
    });
  });
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  ctx = await startTestApp();
  node1 = await listen(ctx);
  const database = ctx.app.platform.database;
  if (database.kind === 'pg') {
    // Alone, node1 publishes nothing to the cluster; a node that starts must change that at once.
    const realtime = ctx.app.platform.realtime;
    await until(async () => realtime.isAlone(), 20_000);
    node2 = await startSecondNode(database.connectionString!);
    await until(async () => !realtime.isAlone());
  } else node2 = node1;
  owner = await signUp(ctx);
  bob = await addMember(ctx, owner, 'operator');
});
afterAll(async () => {
  for (const c of clients) c.close();
  if (child && child.exitCode === null)
    await new Promise<void>((resolve) => {
      child!.once('exit', () => resolve());
      child!.kill('SIGTERM');
    });
  await ctx.close();
});

async function connect(base: string, user: { userId: string; token: string }) {
  const client = await connectChat(base, user, owner.accountId);
  clients.push(client);
  return client;
}

/** The scenario both engines run: on PostgreSQL node1 and node2 are two processes; on PGlite one. */
async function chatAcrossNodes() {
  const bobOn2 = await connect(node2, bob);
  const aliceOn1 = await connect(node1, owner);
  // Presence sees a socket of the other node (the adapter's fetchSockets).
  const members = aliceOn1.roster;
  expect(members.find((m: any) => m.userId === bob.userId).status).toBe('online');

  const roomId = roomOf(aliceOn1, 'account').roomId;
  const ack = await aliceOn1.call('sendMessage', {
    roomId,
    content: 'de um nó para o outro',
    tempId: 'c-1',
  });
  expect(ack.status).toBe(1);
  const got = await bobOn2.waitFor('sendMessage', (m: any) => m.tempId === 'c-1');
  expect(got.content).toBe('de um nó para o outro');

  const back = await bobOn2.call('sendMessage', {
    directUserId: owner.userId,
    content: 'e de volta',
    tempId: 'c-2',
  });
  expect(back.status).toBe(1);
  await aliceOn1.waitFor('sendMessage', (m: any) => m.tempId === 'c-2');

  // Marking read on node1 reaches the same user's tab on node2.
  const aliceOn2 = await connect(node2, owner);
  const mark = aliceOn2.mark();
  await aliceOn1.call('updateUnreadCount', { roomId: (back as any).data.roomId });
  const pushed = await aliceOn2.waitFor('updateUnreadCount', () => true, { after: mark });
  expect(pushed.rooms.find((r: any) => r.type === 'direct').unreadCount).toBe(0);

  // Bob leaves node2: node1's client sees him offline.
  const before = aliceOn1.mark();
  bobOn2.close();
  await aliceOn1.waitFor(
    'teamMembers',
    (e: any) => e.members.some((m: any) => m.userId === bob.userId && m.status === 'offline'),
    { after: before },
  );
}

if (testEngine() === 'pg') {
  describe('team chat on two server processes sharing PostgreSQL (pg adapter)', () => {
    it('delivers messages, read counts and presence between clients connected to different processes (node1 was alone, not publishing, until node2 started)', async () => {
      expect(node2).not.toBe(node1);
      await chatAcrossNodes();
    });
  });
} else {
  describe('team chat on two processes — PGlite pass: embedded PGlite cannot be shared by a second process, so this runs the same scenario on one process (in-memory adapter); the two-process run is the TEST_ENGINE=pg pass', () => {
    it('delivers messages, read counts and presence between clients of one process', async () => {
      expect(ctx.app.platform.database.kind).toBe('pglite');
      expect(node2).toBe(node1);
      await chatAcrossNodes();
    });
  });
}
