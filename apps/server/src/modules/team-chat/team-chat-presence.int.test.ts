import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, signUp, type TSignedUp } from '../../testing/fixtures';
import { startTestApp, type TTestApp } from '../../testing/test-app';
import { type ChatClient, connectChat, listen } from './team-chat.testing';

let ctx: TTestApp;
let url: string;
let owner: TSignedUp;
let bob: { userId: string; token: string };
const clients: ChatClient[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  url = await listen(ctx);
  owner = await signUp(ctx);
  bob = await addMember(ctx, owner, 'operator');
});
afterAll(async () => {
  for (const c of clients) c.close();
  await ctx.close();
});

const statusOf = (userId: string, status: string) => (e: any) =>
  e.members.some((m: any) => m.userId === userId && m.status === status);

describe('team chat presence (teamMembers)', () => {
  it('lists every member (GET /p/team-chat/members) and pushes online, idle, online again, offline and disconnect', async () => {
    const alice = await connectChat(url, owner, owner.accountId);
    clients.push(alice);
    const first = { members: alice.roster };
    expect(first.members).toHaveLength(2);
    expect(first.members.find((m: any) => m.userId === owner.userId)).toMatchObject({
      status: 'online',
      name: 'Test User',
    });
    expect(first.members.find((m: any) => m.userId === bob.userId)).toMatchObject({
      status: 'offline',
      lastSeen: null,
    });

    const presence = ctx.app.services.teamChat.presence;
    presence.idleMs = 400; // spec: 300 000 ms; shortened so the test waits for the event, not 5 minutes
    let mark = alice.mark();
    const bobClient = await connectChat(url, bob, owner.accountId);
    clients.push(bobClient);
    const online = await alice.waitFor('teamMembers', statusOf(bob.userId, 'online'), { after: mark });
    expect(online.full).toBe(false);

    mark = alice.mark();
    const idle = await alice.waitFor('teamMembers', statusOf(bob.userId, 'idle'), { after: mark });
    expect(idle.members.find((m: any) => m.userId === bob.userId).lastSeen).toEqual(expect.any(String));

    mark = alice.mark();
    const ping = await bobClient.call('pingLastSeen');
    expect(ping).toMatchObject({ status: 1, data: { lastSeen: expect.any(String) } });
    await alice.waitFor('teamMembers', statusOf(bob.userId, 'online'), { after: mark });
    presence.idleMs = 300_000;

    mark = alice.mark();
    expect((await bobClient.call('pingOffline')).status).toBe(1);
    await alice.waitFor('teamMembers', statusOf(bob.userId, 'offline'), { after: mark });

    mark = alice.mark();
    await bobClient.call('pingLastSeen');
    await alice.waitFor('teamMembers', statusOf(bob.userId, 'online'), { after: mark });

    // Two tabs: closing one keeps bob online; closing the last makes him offline with a last seen.
    const bobTab2 = await connectChat(url, bob, owner.accountId);
    mark = alice.mark();
    bobTab2.close();
    bobClient.close();
    const gone = await alice.waitFor('teamMembers', statusOf(bob.userId, 'offline'), { after: mark });
    const seen = gone.members.find((m: any) => m.userId === bob.userId).lastSeen;
    expect(Date.now() - Date.parse(seen)).toBeLessThan(10_000);
  });
});
