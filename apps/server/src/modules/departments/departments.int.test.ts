import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, signUp, type TSignedUp, uniqueEmail } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { api, startTestApp, type TTestApp } from '../../testing/test-app';
import { type ChatClient, listen } from '../team-chat/team-chat.testing';
import {
  connectAgent,
  createChannel,
  seedConversation,
  smsBody,
  withAcc,
} from '../inbox/testing/inbox.testing';
import { createDepartment } from './departments.testing';

let ctx: TTestApp;
let baseUrl: string;
let owner: TSignedUp;
let other: TSignedUp;
const clients: ChatClient[] = [];

beforeAll(async () => {
  ctx = await startTestApp();
  baseUrl = await listen(ctx);
  owner = await signUp(ctx);
  other = await signUp(ctx);
});
afterAll(async () => {
  for (const c of clients) c.close();
  await ctx.close();
});

type TMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (
  method: TMethod,
  path: string,
  opts: { token?: string; body?: unknown; acc?: string; lang?: string } = {},
) =>
  api(ctx.app, method, withAcc(path, opts.acc ?? owner.accountId), {
    token: opts.token ?? owner.token,
    body: opts.body,
    lang: opts.lang ?? 'en',
  });
const intentionsOf = async (accountId: string, userId: string) =>
  (
    await queryRows<{ intentions: string[] }>(
      ctx,
      sql`select intentions from account_members where account_id = ${accountId} and user_id = ${userId}`,
    )
  )[0].intentions;

describe('departments', () => {
  it('admins create, edit and delete them; names are unique per account; every member lists them', async () => {
    const operator = await addMember(ctx, owner, 'operator');
    const manager = await addMember(ctx, owner, 'manager');
    const created = await call('POST', '/p/chat/departments', {
      body: { name: 'Vendas', description: 'Novos clientes', capacity: 3 },
    });
    expect(created.statusCode).toBe(200);
    expect(created.body.data).toMatchObject({
      name: 'Vendas',
      description: 'Novos clientes',
      distribution: true,
      capacity: 3,
      members: [],
    });
    const id = created.body.data._id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const dup = await call('POST', '/p/chat/departments', { body: { name: ' vendas ' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.body).toMatchObject({
      code: 'DEPARTMENT_NAME_IN_USE',
      message: 'A department with this name already exists',
    });
    const ptDup = await call('POST', '/p/chat/departments', { body: { name: 'VENDAS' }, lang: 'pt-BR' });
    expect(ptDup.body.message).toBe('Já existe um departamento com este nome');
    const empty = await call('POST', '/p/chat/departments', { body: { name: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.body.fields![0]).toMatchObject({ path: 'name', key: 'required' });
    const badCapacity = await call('POST', '/p/chat/departments', { body: { name: 'X', capacity: 0 } });
    expect(badCapacity.body.fields![0]).toMatchObject({ path: 'capacity', key: 'invalid' });

    // Operators and managers read; only admins write.
    for (const m of [operator, manager]) {
      const list = await call('GET', '/p/chat/departments', { token: m.token });
      expect(list.statusCode).toBe(200);
      expect(list.body.data.map((d: { name: string }) => d.name)).toContain('Vendas');
      expect(
        (await call('POST', '/p/chat/departments', { token: m.token, body: { name: 'Y' } })).statusCode,
      ).toBe(403);
      expect((await call('DELETE', `/p/chat/departments/${id}`, { token: m.token })).statusCode).toBe(403);
    }

    const edited = await call('PUT', `/p/chat/departments/${id}`, {
      body: { name: 'Vendas B2B', distribution: false, capacity: null },
    });
    expect(edited.body.data).toMatchObject({ name: 'Vendas B2B', distribution: false, capacity: null });
    const removed = await call('DELETE', `/p/chat/departments/${id}`);
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', `/p/chat/departments/${id}`)).body.code).toBe('DEPARTMENT_NOT_FOUND');

    const log = await queryRows<{ action: string; target: string }>(
      ctx,
      sql`select action, target from activity_log where account_id = ${owner.accountId} and action like 'department.%'`,
    );
    expect(log).toEqual(
      expect.arrayContaining([
        { action: 'department.created', target: 'Vendas' },
        { action: 'department.updated', target: 'Vendas B2B' },
        { action: 'department.deleted', target: 'Vendas B2B' },
      ]),
    );
  });

  it("another account's departments are neither listed, read, edited, nor usable for members", async () => {
    const theirs = await createDepartment(ctx, other, 'Deles');
    const mine = await call('GET', '/p/chat/departments');
    expect(mine.body.data.map((d: { _id: string }) => d._id)).not.toContain(theirs);
    expect((await call('GET', `/p/chat/departments/${theirs}`)).statusCode).toBe(404);
    expect((await call('PUT', `/p/chat/departments/${theirs}`, { body: { name: 'Meu' } })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/p/chat/departments/${theirs}`)).statusCode).toBe(404);
    const operator = await addMember(ctx, owner, 'operator');
    const res = await api(ctx.app, 'PUT', `/g/acc/${owner.accountId}/users/${operator.userId}`, {
      token: owner.token,
      body: { intentions: [theirs] },
      lang: 'en',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatchObject({
      code: 'DEPARTMENT_UNKNOWN',
      message: 'One of the departments does not exist',
    });
    const invite = await api(ctx.app, 'POST', '/g/user/invite', {
      token: owner.token,
      body: {
        email: uniqueEmail('guest'),
        acc: owner.accountId,
        acl: 'operator',
        intentions: ['vendas'],
        entities: [],
      },
      lang: 'en',
    });
    expect(invite.body.code).toBe('DEPARTMENT_UNKNOWN');
  });

  it('members are set from the department or from the member; a department with members (or invited ones) is not deleted', async () => {
    const ana = await addMember(ctx, owner, 'operator');
    const bia = await addMember(ctx, owner, 'operator');
    const suporte = await createDepartment(ctx, owner, 'Suporte', { members: [ana.userId] });
    expect(await intentionsOf(owner.accountId, ana.userId)).toEqual([suporte]);
    expect((await call('GET', `/p/chat/departments/${suporte}`)).body.data.members).toEqual([ana.userId]);

    const byMember = await api(ctx.app, 'PUT', `/g/acc/${owner.accountId}/users/${bia.userId}`, {
      token: owner.token,
      body: { intentions: [suporte] },
    });
    expect(byMember.statusCode).toBe(200);
    expect((await call('GET', `/p/chat/departments/${suporte}`)).body.data.members.sort()).toEqual(
      [ana.userId, bia.userId].sort(),
    );
    const strangerId = other.userId;
    const bad = await call('PUT', `/p/chat/departments/${suporte}`, {
      body: { name: 'Suporte', members: [strangerId] },
    });
    expect(bad.body.code).toBe('MEMBER_NOT_FOUND');

    const refused = await call('DELETE', `/p/chat/departments/${suporte}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'DEPARTMENT_HAS_MEMBERS',
      message: 'Remove the members of this department before deleting it',
    });
    await call('PUT', `/p/chat/departments/${suporte}`, { body: { name: 'Suporte', members: [] } });
    expect(await intentionsOf(owner.accountId, ana.userId)).toEqual([]);

    const email = uniqueEmail('guest');
    const invited = await api(ctx.app, 'POST', '/g/user/invite', {
      token: owner.token,
      body: { email, acc: owner.accountId, acl: 'operator', intentions: [suporte], entities: [] },
    });
    expect(invited.statusCode).toBe(200);
    expect((await call('DELETE', `/p/chat/departments/${suporte}`)).body.code).toBe('DEPARTMENT_HAS_MEMBERS');
    await api(
      ctx.app,
      'DELETE',
      withAcc(`/g/acc/${owner.accountId}/invitations/${invited.body.data._id}`, owner.accountId),
      {
        token: owner.token,
      },
    );

    // Deleted: conversations routed to it go back to no department.
    const channelId = (await createChannel(ctx, owner, smsBody()))._id;
    const { conversationId } = await seedConversation(ctx, owner.accountId, {
      channelId,
      departmentId: suporte,
    });
    expect((await call('DELETE', `/p/chat/departments/${suporte}`)).statusCode).toBe(200);
    await until(async () => {
      const [row] = await queryRows<{ department_id: string | null }>(
        ctx,
        sql`select department_id from conversations where id = ${conversationId}`,
      );
      return row.department_id === null;
    });
  });
});

describe('restricted operators see only their departments', () => {
  it('in the list, the search, a direct fetch and the realtime events', async () => {
    const shop = await signUp(ctx);
    const vendas = await createDepartment(ctx, shop, 'Vendas');
    const suporte = await createDepartment(ctx, shop, 'Suporte');
    const seller = await addMember(ctx, shop, 'operator');
    await api(ctx.app, 'PUT', `/g/acc/${shop.accountId}/users/${seller.userId}`, {
      token: shop.token,
      body: { intentions: [vendas] },
    });
    const channelId = (await createChannel(ctx, shop, smsBody()))._id;
    const sale = await seedConversation(ctx, shop.accountId, {
      channelId,
      name: 'Mariana Compra',
      departmentId: vendas,
    });
    const help = await seedConversation(ctx, shop.accountId, {
      channelId,
      name: 'Mariana Ajuda',
      departmentId: suporte,
    });
    const as = (token: string) => (path: string) => call('GET', path, { token, acc: shop.accountId });

    const seller$ = as(seller.token);
    const list = await seller$('/p/chat/conversation/list?tab=waiting');
    expect(list.statusCode).toBe(200);
    const ids = list.body.data.items.map((i: { _id: string }) => i._id);
    expect(ids).toContain(sale.conversationId);
    expect(ids).not.toContain(help.conversationId);
    const search = await seller$('/p/chat/conversation/list?tab=waiting&search=Mariana');
    expect(search.body.data.items.map((i: { _id: string }) => i._id)).toEqual([sale.conversationId]);
    expect((await seller$(`/p/chat/conversation/${sale.conversationId}`)).statusCode).toBe(200);
    const hidden = await seller$(`/p/chat/conversation/${help.conversationId}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body.code).toBe('CONVERSATION_NOT_FOUND');
    // The owner (a manager and up) sees both.
    const all = await as(shop.token)('/p/chat/conversation/list?tab=waiting&search=Mariana');
    expect(all.body.data.items).toHaveLength(2);

    // Realtime: a message in support's conversation does not reach the seller; one in sales' does.
    const sellerSocket = await connectAgent(baseUrl, seller, shop.accountId);
    const ownerSocket = await connectAgent(baseUrl, shop, shop.accountId);
    clients.push(sellerSocket, ownerSocket);
    const transfer = (conversationId: string, departmentId: string) =>
      api(ctx.app, 'POST', withAcc(`/p/chat/conversation/${conversationId}/transfer`, shop.accountId), {
        token: shop.token,
        body: { departmentId },
      });
    // Moving support's conversation to sales reaches the seller; the one moved out of sales leaves.
    expect((await transfer(help.conversationId, vendas)).statusCode).toBe(200);
    const arrived = await sellerSocket.waitFor(
      'conversation:updated',
      (p: { conversation: { _id: string; departmentId: string; stage: string } }) =>
        p.conversation._id === help.conversationId && p.conversation.departmentId === vendas,
    );
    expect(arrived.conversation.stage).toBe('waiting');
    // The transfer's system line names the department, not its id.
    const [line] = await queryRows<{ template: { system: string; department: string } }>(
      ctx,
      sql`select template from messages where conversation_id = ${help.conversationId}
          and template->>'system' = 'transferred'`,
    );
    expect(line.template.department).toBe('Vendas');
    expect((await transfer(sale.conversationId, suporte)).statusCode).toBe(200);
    await ownerSocket.waitFor(
      'conversation:updated',
      (p: { conversation: { _id: string; departmentId: string } }) =>
        p.conversation._id === sale.conversationId && p.conversation.departmentId === suporte,
    );
    expect((await seller$(`/p/chat/conversation/${sale.conversationId}`)).statusCode).toBe(404);
  });
});

describe('automatic distribution by department', () => {
  it("skips departments that do not take part, applies a department's own capacity, and keeps going past a full one", async () => {
    const shop = await signUp(ctx);
    const op = await addMember(ctx, shop, 'operator');
    expect(
      (
        await call('POST', '/p/chat/distribution/members', {
          acc: shop.accountId,
          token: shop.token,
          body: { userId: op.userId },
        })
      ).statusCode,
    ).toBe(200);
    await call('PUT', '/p/chat/settings', {
      acc: shop.accountId,
      token: shop.token,
      body: { operatorCapacity: 10 },
    });
    const manual = await createDepartment(ctx, shop, 'Manual', { distribution: false });
    const small = await createDepartment(ctx, shop, 'Pequeno', { capacity: 1 });
    const channelId = (await createChannel(ctx, shop, smsBody()))._id;
    clients.push(await connectAgent(baseUrl, op, shop.accountId));
    const distribution = ctx.app.services.distribution;
    const stateOf = async (id: string) =>
      (
        await queryRows<{ stage: string; assignee_id: string | null }>(
          ctx,
          sql`select stage, assignee_id from conversations where id = ${id}`,
        )
      )[0];

    const waitsByHand = (await seedConversation(ctx, shop.accountId, { channelId, departmentId: manual }))
      .conversationId;
    expect(await distribution.assign(shop.accountId, waitsByHand)).toBeNull();
    const first = (await seedConversation(ctx, shop.accountId, { channelId, departmentId: small }))
      .conversationId;
    const second = (await seedConversation(ctx, shop.accountId, { channelId, departmentId: small }))
      .conversationId;
    const free = (await seedConversation(ctx, shop.accountId, { channelId })).conversationId;
    await distribution.retryWaiting(shop.accountId);
    expect(await stateOf(waitsByHand)).toEqual({ stage: 'waiting', assignee_id: null });
    expect(await stateOf(first)).toEqual({ stage: 'attendance', assignee_id: op.userId });
    expect(await stateOf(second)).toEqual({ stage: 'waiting', assignee_id: null });
    expect(await stateOf(free)).toEqual({ stage: 'attendance', assignee_id: op.userId });

    // Taking part again (department.changed): its waiting conversation is distributed.
    await call('PUT', `/p/chat/departments/${manual}`, {
      acc: shop.accountId,
      token: shop.token,
      body: { name: 'Manual', distribution: true },
    });
    await until(async () => (await stateOf(waitsByHand)).stage === 'attendance');
  });
});
