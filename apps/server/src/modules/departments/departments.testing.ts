// Test support: departments and key entities created the way an admin does (their ids are what
// members, invitations and conversations hold).
import { withAcc } from '../inbox/testing/inbox.testing';
import type { TSignedUp } from '../../testing/fixtures';
import { api, type TTestApp } from '../../testing/test-app';

export async function createDepartment(
  ctx: TTestApp,
  owner: Pick<TSignedUp, 'token' | 'accountId'>,
  name: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await api(ctx.app, 'POST', withAcc('/p/chat/departments', owner.accountId), {
    token: owner.token,
    body: { name, ...extra },
  });
  if (res.statusCode !== 200) throw new Error(`department failed: ${JSON.stringify(res.body)}`);
  return res.body.data._id as string;
}

export async function createKeyEntity(
  ctx: TTestApp,
  owner: Pick<TSignedUp, 'token' | 'accountId'>,
  name: string,
  alias: string,
  type = 'text',
): Promise<string> {
  const res = await api(ctx.app, 'POST', withAcc('/p/chat/entities', owner.accountId), {
    token: owner.token,
    body: { name, alias, type },
  });
  if (res.statusCode !== 200) throw new Error(`entity failed: ${JSON.stringify(res.body)}`);
  return res.body.data._id as string;
}
