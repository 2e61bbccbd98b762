// Test support for the inbox (agent side) tests: members with departments, channels created the
// way an admin does, conversations seeded straight into the database, and /attendance clients.
import type { TRole } from '@atende/shared';
import { sql } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { newId } from '../../../platform/db/columns';
import { addMember, type TSignedUp, uniqueEmail } from '../../../testing/fixtures';
import { queryRows } from '../../../testing/helpers';
import { api, type TTestApp } from '../../../testing/test-app';
import { ChatClient, connectChat } from '../../team-chat/team-chat.testing';

export interface TMember {
  userId: string;
  token: string;
  email: string;
}

/** `path?acc=<acc>` (or `&acc=` when the path has a query). */
export const withAcc = (path: string, acc: string) => `${path}${path.includes('?') ? '&' : '?'}acc=${acc}`;

/** A member of the owner's account with a role and (optionally) departments. */
export async function member(
  ctx: TTestApp,
  owner: TSignedUp,
  role: TRole,
  intentions: string[] = [],
): Promise<TMember> {
  const m = await addMember(ctx, owner, role, uniqueEmail(role));
  if (intentions.length) {
    // Written straight to the membership: the API takes only ids of the account's departments
    // (issue 13), while the inbox treats a department id as opaque text ('vendas' here).
    await queryRows(
      ctx,
      sql`update account_members set intentions = ${JSON.stringify(intentions)}::jsonb
          where account_id = ${owner.accountId} and user_id = ${m.userId}`,
    );
    await ctx.app.platform.tenantCache.invalidate(owner.accountId);
  }
  return m;
}

/** A channel created through the admin API. */
export async function createChannel(ctx: TTestApp, owner: TSignedUp, body: Record<string, unknown>) {
  const res = await api(ctx.app, 'POST', withAcc('/p/chat/channels', owner.accountId), {
    token: owner.token,
    body,
  });
  if (res.statusCode !== 200) throw new Error(`channel failed: ${JSON.stringify(res.body)}`);
  return res.body.data as { _id: string; kind: string; externalId: string };
}

let slugCounter = 0;
export function webchatBody(name = 'Site') {
  slugCounter += 1;
  return { kind: 'webchat', name, slug: `site-${Date.now().toString(36)}-${slugCounter}` };
}

export function smsBody() {
  const n = String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  return {
    kind: 'sms',
    name: 'SMS',
    fromNumber: `+1555${n}`,
    accountSid: 'AC123',
    authToken: 'secret-token',
  };
}

export function whatsappBody() {
  const id = String(100_000_000_000 + Math.floor(Math.random() * 1e10));
  return {
    kind: 'whatsapp-cloud',
    name: 'WhatsApp',
    phoneNumberId: id,
    wabaId: `9${id}`,
    displayPhone: '+5511900000000',
    accessToken: 'EAAG-secret',
    appSecret: 'app-secret',
    verifyToken: 'verify-me',
  };
}

export interface TSeed {
  channelId: string;
  name?: string;
  phone?: string | null;
  stage?: 'flow' | 'waiting' | 'attendance' | 'hold' | 'closed';
  assigneeId?: string | null;
  departmentId?: string | null;
  lastInboundAt?: Date | null;
  lastMessageAt?: Date;
  contactId?: string;
}

/** A contact and its conversation inserted directly (as the intake would have stored them). */
export async function seedConversation(ctx: TTestApp, accountId: string, seed: TSeed) {
  const contactId = seed.contactId ?? newId();
  if (!seed.contactId) {
    await queryRows(
      ctx,
      sql`insert into contacts (id, account_id, name, phone, type, source)
          values (${contactId}, ${accountId}, ${seed.name ?? 'Cliente'}, ${seed.phone ?? null}, 'whatsapp', 'channel')`,
    );
  }
  const id = newId();
  const lastInbound = seed.lastInboundAt === undefined ? new Date() : seed.lastInboundAt;
  await queryRows(
    ctx,
    sql`insert into conversations (id, account_id, contact_id, channel_id, stage, assignee_id, department_id,
          last_inbound_at, last_message_at, last_message_preview, closed_at)
        values (${id}, ${accountId}, ${contactId}, ${seed.channelId}, ${seed.stage ?? 'waiting'},
          ${seed.assigneeId ?? null}, ${seed.departmentId ?? null},
          ${lastInbound ? lastInbound.toISOString() : null}::timestamptz,
          ${(seed.lastMessageAt ?? new Date()).toISOString()}::timestamptz, 'Olá',
          ${seed.stage === 'closed' ? new Date().toISOString() : null}::timestamptz)`,
  );
  return { conversationId: id, contactId };
}

/** An /attendance client of a member (team chat connected first, so the member counts as online). */
export function connectAgent(baseUrl: string, user: { userId: string; token: string }, accountId: string) {
  return connectChat(baseUrl, user, accountId);
}

/** A web chat visitor's session (POST /webchat/<slug>/session). */
export async function visitorSession(
  ctx: TTestApp,
  slug: string,
  body: Record<string, unknown> = {},
  ip = '203.0.113.7',
) {
  const res = await api(ctx.app, 'POST', `/webchat/${slug}/session`, {
    body,
    headers: { 'x-forwarded-for': ip },
  });
  if (res.statusCode !== 200) throw new Error(`session failed: ${JSON.stringify(res.body)}`);
  return res.body.data as { token: string; visitor: { name: string; email: string | null } };
}

/** A web chat visitor's socket on /webchat. */
export async function connectVisitor(baseUrl: string, slug: string, token: string): Promise<ChatClient> {
  const socket = io(`${baseUrl}/webchat`, {
    auth: { slug, token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  // Operator messages ask for an acknowledgement (delivery): the visitor's page gives it.
  socket.on('message', (_m: unknown, ack?: (r: unknown) => void) => ack?.({ received: true }));
  const client = new ChatClient(socket as never);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
  return client;
}

/** Sets conversation_usage of this period to `count` (quota tests) and drops the cached usage. */
export async function setUsage(ctx: TTestApp, accountId: string, count: number, periodStart: string) {
  await queryRows(
    ctx,
    sql`insert into conversation_usage (account_id, period_start, count) values (${accountId}, ${periodStart}, ${count})
        on conflict (account_id, period_start) do update set count = ${count}`,
  );
  await ctx.app.platform.tenantCache.invalidate(accountId);
}
