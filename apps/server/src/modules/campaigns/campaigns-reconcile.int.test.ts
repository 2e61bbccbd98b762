import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWhatsAppApp, stopWhatsAppApp, type TWhatsAppApp } from '../../testing/app-fixtures';
import { signedWhatsAppPost, whatsappWebhook } from '../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { api } from '../../testing/test-app';
import { csvOf, insertApprovedTemplate, recipientOf, uploadCsv } from './campaigns.testing';

// Reconciliation (issue 16): Meta's Cloud API takes no idempotency key, so a send whose answer
// was lost (dropped connection, timeout, a process that died) is 'unknown' and never sent again
// on our own; the status webhook (which echoes the recipient id as biz_opaque_callback_data)
// settles it, or the operator chooses to send it again. Against the fake Graph API, which — like
// Meta — sends a repeated request twice.

let wa: TWhatsAppApp;
let template: string;
let other: TSignedUp;

const call = (method: 'GET' | 'POST', path: string, body?: unknown, who = wa?.owner) =>
  api(wa.ctx.app, method, `${path}?acc=${who.accountId}`, { token: who.token, body, lang: 'en' });
const campaignOf = async (id: string) => (await call('GET', `/p/campaigns/${id}`)).body.data;

async function draft(rows: number, from: number) {
  const res = await call('POST', '/p/campaigns', {
    type: 'whatsapp',
    name: `Reconcile ${from}`,
    channelId: wa.channel.id,
    templateId: template,
    mapping: [
      { kind: 'field', field: 'firstName' },
      { kind: 'column', column: 'pedido' },
    ],
  });
  const id = res.body.data._id as string;
  await uploadCsv(wa.ctx, wa.owner.token, wa.owner.accountId, id, csvOf(rows, from));
  return id;
}

const recipient = (id: string, phone: string) => recipientOf(wa.ctx, id, phone);

const sendsTo = (digits: string) => wa.fake.sends.filter((s) => s.body.to === digits);

async function postWebhook(webhook: Record<string, unknown>) {
  const signed = signedWhatsAppPost(wa.channel.secrets.appSecret, webhook);
  const res = await wa.ctx.app.inject({
    method: 'POST',
    url: `/webhooks/whatsapp-cloud/${wa.channel.id}`,
    headers: signed.headers,
    payload: signed.body,
  });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  wa = await startWhatsAppApp();
  template = await insertApprovedTemplate(wa.ctx, wa.owner.accountId, wa.channel.id);
  other = await signUp(wa.ctx);
});
afterAll(async () => {
  await stopWhatsAppApp(wa);
});

describe('sends whose outcome is unknown', () => {
  it('a lost answer leaves the recipient unknown, not sent again, until its status webhook settles it', async () => {
    const id = await draft(3, 3000);
    wa.fake.dropAnswerFor.add('5511910003001');
    await call('POST', `/p/campaigns/${id}/start`, { consentAccepted: true });
    await until(async () => (await campaignOf(id)).status === 'finished', 30_000);
    wa.fake.dropAnswerFor.delete('5511910003001');
    const lost = await recipient(id, '+5511910003001');
    expect(lost).toMatchObject({ status: 'unknown', reason: 'SEND_UNCONFIRMED', provider_message_id: null });
    expect(sendsTo('5511910003001')).toHaveLength(1);
    expect((await campaignOf(id)).counts).toMatchObject({ sent: 2, unknown: 1 });
    // Meta's report of the message, carrying the recipient id we attached to the send.
    const wamid = sendsTo('5511910003001')[0].wamid;
    expect(sendsTo('5511910003001')[0].body.biz_opaque_callback_data).toBe(lost.id);
    await postWebhook(
      whatsappWebhook(wa.channel.externalId, {
        statuses: [{ id: wamid, status: 'delivered', callbackData: lost.id }],
      }),
    );
    const settled = await until(async () => {
      const r = await recipient(id, '+5511910003001');
      return r.status === 'delivered' ? r : null;
    });
    expect(settled).toMatchObject({ reason: null, provider_message_id: wamid });
    expect((await campaignOf(id)).counts).toMatchObject({ sent: 2, delivered: 1, unknown: 0 });
    // Later reports find it by its message id as usual.
    await postWebhook(whatsappWebhook(wa.channel.externalId, { statuses: [{ id: wamid, status: 'read' }] }));
    await until(async () => (await recipient(id, '+5511910003001')).status === 'read');
  }, 60_000);

  it("a send a dead process left 'sending' is never repeated on its own; the operator may send it again", async () => {
    const id = await draft(3, 3100);
    // A send window three hours ahead: the start's first slice claims nothing.
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/Sao_Paulo',
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(new Date()),
    );
    const h = String((hour + 3) % 24).padStart(2, '0');
    await queryRows(
      wa.ctx,
      sql`update campaigns set send_window = ${JSON.stringify({ start: `${h}:00`, end: `${h}:59` })}::jsonb where id = ${id}`,
    );
    await call('POST', `/p/campaigns/${id}/start`, { consentAccepted: true });
    await until(async () => {
      const [row] = await queryRows<{ lease_owner: string | null; started: boolean }>(
        wa.ctx,
        sql`select lease_owner, status = 'executing' as started from campaigns where id = ${id}`,
      );
      return row.started && row.lease_owner === null;
    }, 20_000);
    // As a process killed mid-send leaves it: claimed long ago, its answer never stored.
    await queryRows(
      wa.ctx,
      sql`update campaign_recipients set status = 'sending', claimed_at = now() - interval '1 hour', attempts = 1
          where campaign_id = ${id} and phone = '+5511910003100'`,
    );
    await queryRows(wa.ctx, sql`update campaigns set send_window = null where id = ${id}`);
    await wa.ctx.app.services.campaignDispatcher.run({ accountId: wa.owner.accountId, campaignId: id });
    // Later slices are jobs: under a loaded CI (both engines' suites side by side) 30 s ran out once.
    await until(async () => (await campaignOf(id)).status === 'finished', 90_000);
    expect(await recipient(id, '+5511910003100')).toMatchObject({
      status: 'unknown',
      reason: 'SEND_UNCONFIRMED',
    });
    expect(sendsTo('5511910003100')).toHaveLength(0);
    expect(sendsTo('5511910003101')).toHaveLength(1);
    // Another account can neither see nor resend it.
    expect((await call('POST', `/p/campaigns/${id}/resend-unconfirmed`, undefined, other)).statusCode).toBe(
      404,
    );
    const resent = await call('POST', `/p/campaigns/${id}/resend-unconfirmed`);
    expect(resent.statusCode).toBe(200);
    expect(resent.body.data.status).toBe('executing');
    await until(async () => (await campaignOf(id)).status === 'finished', 90_000);
    expect(sendsTo('5511910003100')).toHaveLength(1);
    expect(sendsTo('5511910003101')).toHaveLength(1);
    expect((await recipient(id, '+5511910003100')).status).toBe('sent');
    // Nothing left to resend: a canceled campaign refuses.
    await queryRows(wa.ctx, sql`update campaigns set status = 'canceled' where id = ${id}`);
    const refused = await call('POST', `/p/campaigns/${id}/resend-unconfirmed`);
    expect(refused.body.code).toBe('CAMPAIGN_INVALID_TRANSITION');
  }, 240_000);
});
