import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, signUp, type TSignedUp, uniqueEmail } from '../../testing/fixtures';
import { queryRows } from '../../testing/helpers';
import { startTestApp, type TTestApp } from '../../testing/test-app';
import { createChannel, seedConversation, smsBody } from '../inbox/testing/inbox.testing';

let ctx: TTestApp;
let owner: TSignedUp;
let other: TSignedUp;

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx);
  other = await signUp(ctx);
});
afterAll(async () => {
  await ctx.close();
});

/** The data statements of 0017 (after the tables): free-string departments become records. */
function dataStatements(): string[] {
  const file = readFileSync(new URL('../../../drizzle/0017_departments.sql', import.meta.url), 'utf8');
  return file
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => /^(INSERT INTO departments|UPDATE )/.test(s));
}

describe('0017: free-string departments migrate to records', () => {
  it('members, invitations and conversations end up holding the new ids, per account, names merged by case', async () => {
    const ana = await addMember(ctx, owner, 'operator');
    const bia = await addMember(ctx, other, 'operator');
    const channelId = (await createChannel(ctx, owner, smsBody()))._id;
    const setIntentions = (accountId: string, userId: string, list: string[]) =>
      queryRows(
        ctx,
        sql`update account_members set intentions = ${JSON.stringify(list)}::jsonb
            where account_id = ${accountId} and user_id = ${userId}`,
      );
    await setIntentions(owner.accountId, ana.userId, ['Vendas', 'suporte']);
    await setIntentions(other.accountId, bia.userId, ['Vendas']);
    const inviteEmail = uniqueEmail('legacy');
    await queryRows(
      ctx,
      sql`insert into invitations (id, account_id, email, acl, intentions, entities, expires_at)
          values (gen_random_uuid(), ${owner.accountId}, ${inviteEmail}, 'operator', '["SUPORTE"]'::jsonb, '[]'::jsonb,
                  now() + interval '1 day')`,
    );
    const sale = await seedConversation(ctx, owner.accountId, { channelId, departmentId: 'vendas' });
    const finance = await seedConversation(ctx, owner.accountId, { channelId, departmentId: 'Financeiro' });
    const blank = await seedConversation(ctx, owner.accountId, { channelId, departmentId: ' ' });

    for (const statement of dataStatements()) await queryRows(ctx, sql.raw(statement));

    const departments = await queryRows<{ id: string; account_id: string; name: string }>(
      ctx,
      sql`select id, account_id, name from departments order by account_id, lower(name)`,
    );
    const mine = departments.filter((d) => d.account_id === owner.accountId);
    expect(mine.map((d) => d.name.toLowerCase())).toEqual(['financeiro', 'suporte', 'vendas']);
    const theirs = departments.filter((d) => d.account_id === other.accountId);
    expect(theirs.map((d) => d.name)).toEqual(['Vendas']);
    const idOf = (name: string) => mine.find((d) => d.name.toLowerCase() === name)!.id;

    const [anaRow] = await queryRows<{ intentions: string[] }>(
      ctx,
      sql`select intentions from account_members where account_id = ${owner.accountId} and user_id = ${ana.userId}`,
    );
    expect([...anaRow.intentions].sort()).toEqual([idOf('vendas'), idOf('suporte')].sort());
    const [biaRow] = await queryRows<{ intentions: string[] }>(
      ctx,
      sql`select intentions from account_members where account_id = ${other.accountId} and user_id = ${bia.userId}`,
    );
    expect(biaRow.intentions).toEqual([theirs[0].id]);
    const [invitation] = await queryRows<{ intentions: string[] }>(
      ctx,
      sql`select intentions from invitations where email = ${inviteEmail}`,
    );
    expect(invitation.intentions).toEqual([idOf('suporte')]);
    const departmentOf = async (id: string) =>
      (
        await queryRows<{ department_id: string | null }>(
          ctx,
          sql`select department_id from conversations where id = ${id}`,
        )
      )[0].department_id;
    expect(await departmentOf(sale.conversationId)).toBe(idOf('vendas'));
    expect(await departmentOf(finance.conversationId)).toBe(idOf('financeiro'));
    expect(await departmentOf(blank.conversationId)).toBeNull();
  });
});
