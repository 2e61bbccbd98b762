import { sql } from 'drizzle-orm';
import { api, type TTestApp } from '../../testing/test-app';
import { queryRows } from '../../testing/helpers';

/** Test helpers of the contacts module (not part of the app). */
export type TAccountFlags = Partial<
  Record<
    'block_contact_tab' | 'block_contact_tab_general' | 'block_download_excel' | 'restrict_report_download',
    boolean
  >
>;

/** Sets account settings directly (no endpoint edits them yet) and drops the tenant cache entry. */
export async function setAccountFlags(ctx: TTestApp, accountId: string, flags: TAccountFlags) {
  const sets = Object.entries(flags).map(([column, value]) => sql`${sql.identifier(column)} = ${value}`);
  await queryRows(ctx, sql`update accounts set ${sql.join(sets, sql`, `)} where id = ${accountId}`);
  await ctx.app.platform.tenantCache.invalidate(accountId);
}

export async function createContact(
  ctx: TTestApp,
  token: string,
  acc: string,
  data: Record<string, unknown>,
) {
  const res = await api(ctx.app, 'POST', `/p/chat/contact?acc=${acc}`, { token, body: { data } });
  if (res.statusCode !== 200) throw new Error(`create contact failed: ${JSON.stringify(res.body)}`);
  return res.body.data as { _id: string } & Record<string, unknown>;
}

/**
 * A contact sharing `phone` (E.164) with a live one, as data from before the identity rule (one
 * live contact per phone) was enforced: created without the phone, which is then set directly.
 */
export async function createLegacyDuplicate(
  ctx: TTestApp,
  token: string,
  acc: string,
  phone: string,
  data: Record<string, unknown>,
) {
  const row = await createContact(ctx, token, acc, data);
  await queryRows(ctx, sql`update contacts set phone = ${phone} where id = ${row._id}`);
  return row;
}

export async function createTag(ctx: TTestApp, token: string, acc: string, name: string) {
  const res = await api(ctx.app, 'POST', `/p/chat/contact/tags?acc=${acc}`, { token, body: { name } });
  if (res.statusCode !== 200) throw new Error(`create tag failed: ${JSON.stringify(res.body)}`);
  return res.body.data as { _id: string; name: string };
}

export async function listContacts(ctx: TTestApp, token: string, acc: string, query = '') {
  return api(ctx.app, 'GET', `/p/chat/contact/list?acc=${acc}${query ? `&${query}` : ''}`, { token });
}

/** Names of the listed contacts for a query string (asserting success). */
export async function listedNames(ctx: TTestApp, token: string, acc: string, query = '') {
  const res = await listContacts(ctx, token, acc, query);
  if (res.statusCode !== 200) throw new Error(`list failed: ${JSON.stringify(res.body)}`);
  return (res.body.data.items as Array<{ name: string }>).map((c) => c.name).sort();
}

/** Uploads `csv` as the raw request body. */
export async function uploadCsv(
  ctx: TTestApp,
  token: string,
  acc: string,
  csv: string | Buffer,
  name = 'contacts.csv',
) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/p/chat/contact/import?acc=${acc}&name=${encodeURIComponent(name)}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv', 'accept-language': 'en' },
    payload: csv,
  });
  return { statusCode: response.statusCode, body: response.json() };
}

/** Polls the import's status (each request awaited) until it leaves queued/running; bounded. */
export async function waitForImport(ctx: TTestApp, token: string, acc: string, id: string) {
  const deadline = Date.now() + 25_000;
  while (Date.now() < deadline) {
    const res = await api(ctx.app, 'GET', `/p/chat/contact/import/${id}?acc=${acc}`, { token });
    if (!['queued', 'running'].includes(res.body.data.status)) return res.body.data;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  throw new Error('import did not finish');
}
