// Test support for the campaign tests: an approved template, a CSV upload, a started campaign.
import { sql } from 'drizzle-orm';
import { newId } from '../../platform/db/columns';
import { queryRows } from '../../testing/helpers';
import type { TTestApp } from '../../testing/test-app';

export async function insertApprovedTemplate(
  ctx: TTestApp,
  accountId: string,
  channelId: string,
  body = 'Olá {{1}}, seu pedido {{2}} saiu.',
) {
  const id = newId();
  await queryRows(
    ctx,
    sql`insert into message_templates (id, account_id, channel_id, name, language, category, header, body, status)
        values (${id}, ${accountId}, ${channelId}, ${`promo_${id.slice(-6)}`}, 'pt_BR', 'MARKETING', null, ${body}, 'approved')`,
  );
  return id;
}

export async function uploadCsv(
  ctx: TTestApp,
  token: string,
  accountId: string,
  campaignId: string,
  csv: string | Buffer,
  name = 'contatos.csv',
  lang = 'en',
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/p/campaigns/${campaignId}/csv?acc=${accountId}&name=${encodeURIComponent(name)}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv', 'accept-language': lang },
    payload: csv,
  });
  return { statusCode: res.statusCode, body: res.json() };
}

/** A CSV of `n` rows with valid Brazilian mobiles (11 9xxxx-xxxx), starting at `from`. */
export function csvOf(n: number, from = 0): string {
  const lines = ['nome;telefone;pedido'];
  for (let i = 0; i < n; i++)
    lines.push(`Cliente ${from + i};(11) 9${String(10_000_000 + from + i).slice(-8)};P${from + i}`);
  return `${lines.join('\n')}\n`;
}

export async function recipientStates(ctx: TTestApp, campaignId: string) {
  return queryRows<{ status: string; n: number }>(
    ctx,
    sql`select status, count(*)::int as n from campaign_recipients where campaign_id = ${campaignId} group by status`,
  );
}

/** One recipient's delivery state, by the campaign and its phone (E.164). */
export async function recipientOf(ctx: TTestApp, campaignId: string, phone: string) {
  const [row] = await queryRows<{
    id: string;
    status: string;
    reason: string | null;
    provider_message_id: string | null;
  }>(
    ctx,
    sql`select id, status, reason, provider_message_id from campaign_recipients
        where campaign_id = ${campaignId} and phone = ${phone}`,
  );
  return row;
}
