import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeam, startWhatsAppApp, stopWhatsAppApp, type TWhatsAppApp } from '../../testing/app-fixtures';
import { signedWhatsAppPost, whatsappWebhook, GRAPH_ERRORS } from '../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../testing/fixtures';
import { queryRows, until } from '../../testing/helpers';
import { api } from '../../testing/test-app';
import { customerWritesOnWhatsApp, insertWhatsAppChannel } from '../inbox/testing/intake.testing';
import { foldCounts } from './campaigns.repo';
import { csvOf, insertApprovedTemplate, recipientStates, uploadCsv } from './campaigns.testing';

// Campaigns end to end (issue 16) against the fake Graph API: the wizard's CSV errors, review,
// start, the dispatcher's sends, delivery reports, replies in the Campanhas tab, opt-out,
// pause/resume/cancel, throttle, roles and isolation.

let wa: TWhatsAppApp;
let template: string;
let team: Awaited<ReturnType<typeof addTeam>>;
let other: TSignedUp;

const call = (
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
  token = wa.owner.token,
  acc = wa.owner.accountId,
) =>
  api(wa.ctx.app, method, `${path}${path.includes('?') ? '&' : '?'}acc=${acc}`, { token, body, lang: 'en' });

const draftBody = (over: Record<string, unknown> = {}) => ({
  type: 'whatsapp',
  name: 'Black Friday',
  description: 'Ofertas',
  channelId: wa.channel.id,
  templateId: template,
  mapping: [
    { kind: 'field', field: 'firstName' },
    { kind: 'column', column: 'pedido' },
  ],
  ...over,
});

async function newDraft(over: Record<string, unknown> = {}, token = wa.owner.token) {
  const res = await call('POST', '/p/campaigns', draftBody(over), token);
  expect(res.statusCode).toBe(200);
  return res.body.data._id as string;
}

const campaignOf = async (id: string) => (await call('GET', `/p/campaigns/${id}`)).body.data;

beforeAll(async () => {
  wa = await startWhatsAppApp();
  template = await insertApprovedTemplate(wa.ctx, wa.owner.accountId, wa.channel.id);
  team = await addTeam(wa.ctx, wa.owner);
  other = await signUp(wa.ctx);
});
afterAll(async () => {
  await stopWhatsAppApp(wa);
});

describe('the CSV audience', () => {
  it("answers the spec's spreadsheet errors with their lines", async () => {
    const id = await newDraft();
    const t = wa.owner.token;
    const acc = wa.owner.accountId;
    expect((await uploadCsv(wa.ctx, t, acc, id, 'nome;telefone\n', 'lista.txt')).body.message).toBe(
      'Select a valid .csv file',
    );
    expect((await uploadCsv(wa.ctx, t, acc, id, '')).body.message).toBe('No file selected');
    expect((await uploadCsv(wa.ctx, t, acc, id, 'nome;telefone\n\n')).body.message).toBe(
      'The spreadsheet is empty',
    );
    const missing = await uploadCsv(wa.ctx, t, acc, id, 'nome;email\nAna;a@x.com\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.body.message).toBe('Missing columns in the spreadsheet: phone');
    const binary = await uploadCsv(wa.ctx, t, acc, id, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1, 2]));
    expect(binary.body.code).toBe('IMPORT_NOT_TEXT');
    const rows = await uploadCsv(
      wa.ctx,
      t,
      acc,
      id,
      'nome;telefone;pedido\nAna;11987650001;A1\n;11987650002;A2\nCarla;;A3\nDiego;123;A4\nAna de novo;(11) 98765-0001;A5\n',
    );
    expect(rows.statusCode).toBe(200);
    expect(rows.body.data).toMatchObject({ added: 1, duplicates: 1, invalid: 3 });
    expect(rows.body.data.errors).toEqual([
      { line: 3, code: 'IMPORT_BLANK_NAME', message: 'The name cell is blank' },
      { line: 4, code: 'IMPORT_BLANK_PHONE', message: 'The phone cell is blank' },
      { line: 5, code: 'IMPORT_INVALID_PHONE', message: 'Invalid phone number' },
    ]);
    const pt = await uploadCsv(wa.ctx, t, acc, id, 'nome;telefone\n;11987650002\n', 'a.csv', 'pt-BR');
    expect(pt.body.data.errors[0].message).toBe('A célula de nome está em branco');
  });
});

describe('the contacts audience', () => {
  it('a phase that is not a phase id answers 400 VALIDATION_FAILED; all, none and a phase id are filters', async () => {
    const id = await newDraft();
    for (const phase of ['abc', '12', 'Infinity', ' ']) {
      const bad = await call('POST', `/p/campaigns/${id}/contacts`, { phase });
      expect(bad.statusCode, phase).toBe(400);
      expect(bad.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Please correct all errors in your form',
        fields: [{ path: 'phase', key: 'invalid', message: 'Invalid value' }],
      });
    }
    for (const phase of ['', 'all', 'none', '01900000-0000-7000-8000-000000000000']) {
      const ok = await call('POST', `/p/campaigns/${id}/contacts`, { phase });
      expect(ok.statusCode, phase).toBe(200);
      expect(ok.body.data).toMatchObject({ invalid: 0, errors: [] });
    }
  });
});

describe('a WhatsApp campaign', () => {
  it('reviews, needs the consent terms, sends each recipient once, and follows its delivery', async () => {
    const id = await newDraft();
    const up = await uploadCsv(wa.ctx, wa.owner.token, wa.owner.accountId, id, csvOf(30));
    expect(up.body.data.added).toBe(30);
    const review = await call('GET', `/p/campaigns/${id}/review`);
    expect(review.body.data).toMatchObject({ valid: 30, optedOut: 0 });
    expect(review.body.data.preview).toHaveLength(3);
    expect(review.body.data.preview[0].text).toBe('Olá Cliente, seu pedido P0 saiu.');
    const refused = await call('POST', `/p/campaigns/${id}/start`, { consentAccepted: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message).toBe('Accept the consent terms to send the campaign');
    const before = wa.fake.sends.length;
    const started = await call('POST', `/p/campaigns/${id}/start`, { consentAccepted: true });
    expect(started.statusCode).toBe(200);
    expect(['executing', 'finished']).toContain(started.body.data.status);
    const again = await call('POST', `/p/campaigns/${id}/start`, { consentAccepted: true });
    expect(again.body.code).toBe('CAMPAIGN_NOT_DRAFT');
    await until(async () => (await campaignOf(id)).status === 'finished', 30_000);
    const mine = wa.fake.sends.slice(before);
    expect(mine).toHaveLength(30);
    expect(new Set(mine.map((s) => s.body.to)).size).toBe(30);
    const first = mine.find((s) => s.body.to === '5511910000000')!;
    expect(first.body.type).toBe('template');
    expect(first.body.template.components[0].parameters).toEqual([
      { type: 'text', text: 'Cliente' },
      { type: 'text', text: 'P0' },
    ]);
    // Delivery reports of campaign messages move their recipients on.
    const reports = whatsappWebhook(wa.channel.externalId, {
      statuses: [
        { id: mine[0].wamid, status: 'delivered' },
        { id: mine[1].wamid, status: 'read' },
        { id: mine[2].wamid, status: 'failed', errorCode: 131026 },
      ],
    });
    const signed = signedWhatsAppPost(wa.channel.secrets.appSecret, reports);
    const hook = await wa.ctx.app.inject({
      method: 'POST',
      url: `/webhooks/whatsapp-cloud/${wa.channel.id}`,
      headers: signed.headers,
      payload: signed.body,
    });
    expect(hook.statusCode).toBe(200);
    const counts = await until(async () => {
      const c = (await campaignOf(id)).counts;
      return c.delivered === 1 && c.read === 1 && c.failed === 1 ? c : null;
    });
    expect(counts).toMatchObject({ total: 30, sent: 27 });
    const failures = await call('GET', `/p/campaigns/${id}/failures`);
    expect(failures.body.data).toEqual([{ status: 'failed', reason: 'NUMBER_NOT_EXISTS', count: 1 }]);
  });

  it("keeps its counts with the recipients' own writes, folded or not; a deleted campaign leaves none", async () => {
    const id = await newDraft();
    await uploadCsv(wa.ctx, wa.owner.token, wa.owner.accountId, id, csvOf(12, 500));
    const byStatus = async (query: ReturnType<typeof sql>) =>
      Object.fromEntries(
        (await queryRows<{ status: string; n: number }>(wa.ctx, query)).map((r) => [r.status, r.n]),
      );
    const counted = () =>
      byStatus(
        sql`select status, count(*)::int as n from campaign_recipients where campaign_id = ${id} group by status`,
      );
    const kept = () =>
      byStatus(
        sql`select status, sum(n)::int as n from campaign_counts where campaign_id = ${id}
            group by status having sum(n) <> 0`,
      );
    expect(await kept()).toEqual({ queued: 12 });
    expect((await campaignOf(id)).counts).toMatchObject({ total: 12, queued: 12 });
    const before = wa.fake.sends.length;
    await call('POST', `/p/campaigns/${id}/start`, { consentAccepted: true });
    await until(async () => (await campaignOf(id)).status === 'finished', 30_000);
    const mine = wa.fake.sends.slice(before);
    const signed = signedWhatsAppPost(
      wa.channel.secrets.appSecret,
      whatsappWebhook(wa.channel.externalId, {
        statuses: [
          { id: mine[0].wamid, status: 'read' },
          { id: mine[1].wamid, status: 'failed', errorCode: 131026 },
        ],
      }),
    );
    await wa.ctx.app.inject({
      method: 'POST',
      url: `/webhooks/whatsapp-cloud/${wa.channel.id}`,
      headers: signed.headers,
      payload: signed.body,
    });
    await until(async () => (await campaignOf(id)).counts.read === 1);
    // Claims, sends and reports each wrote rows of changes; their sums are the recipients' count.
    expect(await kept()).toEqual(await counted());
    expect(await kept()).toEqual({ sent: 10, read: 1, failed: 1 });
    const rows = await queryRows<{ n: number }>(
      wa.ctx,
      sql`select count(*)::int as n from campaign_counts where campaign_id = ${id}`,
    );
    expect(rows[0].n).toBeGreaterThan(3);
    await foldCounts(wa.ctx.app.platform.database.db, wa.owner.accountId, id);
    const folded = await queryRows<{ status: string; n: number }>(
      wa.ctx,
      sql`select status, n from campaign_counts where campaign_id = ${id} order by status`,
    );
    expect(folded).toEqual([
      { status: 'failed', n: 1 },
      { status: 'read', n: 1 },
      { status: 'sent', n: 10 },
    ]);
    expect((await campaignOf(id)).counts).toMatchObject({ total: 12, sent: 10, read: 1, failed: 1 });
    await queryRows(wa.ctx, sql`delete from campaigns where id = ${id}`);
    expect(await queryRows(wa.ctx, sql`select 1 from campaign_counts where campaign_id = ${id}`)).toEqual([]);
  });

  it("puts a recipient's reply in the Campanhas tab and counts it", async () => {
    const id = await newDraft();
    await uploadCsv(
      wa.ctx,
      wa.owner.token,
      wa.owner.accountId,
      id,
      'nome;telefone;pedido\nRita Souza;11 98888-7001;R1\n',
    );
    await call('POST', `/p/campaigns/${id}/start`, { consentAccepted: true });
    await until(async () => (await campaignOf(id)).status === 'finished', 20_000);
    expect(await customerWritesOnWhatsApp(wa.ctx, wa.channel, '5511988887001', 'Quero saber mais')).toBe(200);
    const conversation = await until(async () => {
      const list = await call('GET', '/p/chat/conversation/list?tab=waiting&origin=campaign');
      return list.body.data?.items?.find((c: any) => c.contact.phone === '+5511988887001');
    });
    expect(conversation.origin).toBe('campaign');
    const recipients = await until(async () => {
      const r = await call('GET', `/p/campaigns/${id}/recipients`);
      return r.body.data.items[0].repliedAt ? r.body.data.items : null;
    });
    expect(recipients[0].conversationId).toBe(conversation._id);
    expect((await campaignOf(id)).counts.replied).toBe(1);
  });

  it('opts a contact out on SAIR and leaves it out of the next campaign', async () => {
    expect(await customerWritesOnWhatsApp(wa.ctx, wa.channel, '5511977776001', ' Sair ')).toBe(200);
    await until(async () => {
      const list = await call('GET', '/p/chat/contact/list?optOut=true&limit=30&page=1');
      return list.body.data.items.some((c: any) => c.phone === '+5511977776001');
    });
    const id = await newDraft();
    await uploadCsv(
      wa.ctx,
      wa.owner.token,
      wa.owner.accountId,
      id,
      'nome;telefone;pedido\nZé;11977776001;Z1\nYara;11977776002;Y1\n',
    );
    expect((await call('GET', `/p/campaigns/${id}/review`)).body.data).toMatchObject({
      valid: 1,
      optedOut: 1,
    });
    const before = wa.fake.sends.length;
    await call('POST', `/p/campaigns/${id}/start`, { consentAccepted: true });
    await until(async () => (await campaignOf(id)).status === 'finished', 20_000);
    expect(wa.fake.sends.slice(before).map((s) => s.body.to)).toEqual(['5511977776002']);
    const skipped = await call('GET', `/p/campaigns/${id}/recipients?status=skipped`);
    expect(skipped.body.data.items[0]).toMatchObject({ phone: '+5511977776001', reason: 'OPTED_OUT' });
    // Skipped apart from send failures: the campaign page shows them in their own group.
    const reasons = await call('GET', `/p/campaigns/${id}/failures`);
    expect(reasons.body.data).toEqual([{ status: 'skipped', reason: 'OPTED_OUT', count: 1 }]);
  });

  it('reviews duplicates and invalid recipients (by reason) before sending, and skips them at start', async () => {
    const acc = wa.owner.accountId;
    await queryRows(
      wa.ctx,
      sql`insert into contacts (id, account_id, name, phone, opt_out, blocked) values
            (gen_random_uuid(), ${acc}, 'Otto', '+5511944440003', true, false),
            (gen_random_uuid(), ${acc}, 'Bruno', '+5511944440004', false, true)`,
    );
    // An earlier campaign found 5511944440005 has no WhatsApp (131026).
    const earlier = await newDraft();
    await queryRows(
      wa.ctx,
      sql`insert into campaign_recipients (id, account_id, campaign_id, phone, source, status, reason)
          values (gen_random_uuid(), ${acc}, ${earlier}, '+5511944440005', 'csv', 'failed', 'NUMBER_NOT_EXISTS')`,
    );
    const id = await newDraft();
    const up = await uploadCsv(
      wa.ctx,
      wa.owner.token,
      acc,
      id,
      [
        'nome;telefone;pedido',
        'Ana;11944440001;A1',
        'Ana again;(11) 94444-0001;A2',
        'Caio;123;C1',
        ';11944440002;X',
        'Otto;11944440003;O1',
        'Bruno;11944440004;B1',
        'Dora;11944440005;D1',
        '',
      ].join('\n'),
    );
    expect(up.body.data).toMatchObject({ added: 4, duplicates: 1, invalid: 2 });
    // A recipient whose phone is not a number (e.g. a contact's legacy phone).
    await queryRows(
      wa.ctx,
      sql`insert into campaign_recipients (id, account_id, campaign_id, phone, name, source)
          values (gen_random_uuid(), ${acc}, ${id}, '11 4444', 'Legacy', 'contacts')`,
    );
    const review = await call('GET', `/p/campaigns/${id}/review`);
    expect(review.statusCode).toBe(200);
    expect(review.body.data).toMatchObject({
      valid: 1,
      duplicates: 1,
      optedOut: 1,
      invalid: 5,
      invalidReasons: { csvRows: 2, invalidPhone: 1, notMobile: 0, noWhatsapp: 1, blocked: 1 },
    });
    // Another account sees none of it.
    const foreign = await call('GET', `/p/campaigns/${id}/review`, undefined, other.token, other.accountId);
    expect(foreign.statusCode).toBe(404);
    const before = wa.fake.sends.length;
    await call('POST', `/p/campaigns/${id}/start`, { consentAccepted: true });
    await until(async () => (await campaignOf(id)).status === 'finished', 20_000);
    expect(wa.fake.sends.slice(before).map((s) => s.body.to)).toEqual(['5511944440001']);
    const skipped = await call('GET', `/p/campaigns/${id}/recipients?status=skipped`);
    expect(Object.fromEntries(skipped.body.data.items.map((r: any) => [r.phone, r.reason]))).toEqual({
      '+5511944440003': 'OPTED_OUT',
      '+5511944440004': 'BLOCKED',
      '+5511944440005': 'NO_WHATSAPP',
      '11 4444': 'INVALID_PHONE',
    });
    // After the start, the review answers what was skipped.
    expect((await call('GET', `/p/campaigns/${id}/review`)).body.data).toMatchObject({
      valid: 1,
      optedOut: 1,
      invalid: 5,
    });
  });

  it('keeps the rate per sending number, pauses, resumes and cancels', async () => {
    const id = await newDraft();
    await uploadCsv(wa.ctx, wa.owner.token, wa.owner.accountId, id, csvOf(60, 500));
    await queryRows(wa.ctx, sql`update campaigns set rate_per_second = 5 where id = ${id}`);
    const before = wa.fake.sends.length;
    await call('POST', `/p/campaigns/${id}/start`, { consentAccepted: true });
    const paused = await call('POST', `/p/campaigns/${id}/pause`);
    expect(paused.body.data.status).toBe('paused');
    // The batch in flight ends; then nothing more goes out until resumed.
    const settled = await until(async () => {
      const c = (await campaignOf(id)).counts;
      return c.sending === 0 ? c : null;
    });
    const sentWhilePaused = wa.fake.sends.length - before;
    expect(settled.sent).toBe(sentWhilePaused);
    expect(settled.queued).toBe(60 - sentWhilePaused);
    const resumedAt = Date.now();
    expect((await call('POST', `/p/campaigns/${id}/resume`)).body.data.status).toBe('executing');
    await until(async () => wa.fake.sends.length - before >= sentWhilePaused + 6, 20_000);
    const canceled = await call('POST', `/p/campaigns/${id}/cancel`);
    expect(canceled.body.data.status).toBe('canceled');
    const final = await until(async () => {
      const c = (await campaignOf(id)).counts;
      return c.queued === 0 && c.sending === 0 ? c : null;
    });
    expect(final.sent + final.skipped).toBe(60);
    expect(final.skipped).toBeGreaterThan(0);
    const mine = wa.fake.sends.slice(before);
    expect(mine).toHaveLength(final.sent);
    expect(new Set(mine.map((s) => s.body.to)).size).toBe(mine.length);
    // 5 per second: the last of n sends after the resume leaves at least (n - 1) / 5 seconds after
    // the resume (the fake and the server share this process's clock), less what the bucket may
    // make up (it continues from up to half a second behind, see CampaignDispatcher.reserve); a
    // late send only comes later. Unthrottled they would take a few ms. (Measured from the first
    // send instead, a first send late under a loaded CI shortened the span below the bound.)
    const resumed = mine.slice(sentWhilePaused);
    expect(resumed.length).toBeGreaterThanOrEqual(6);
    const span = resumed[resumed.length - 1].at! - resumedAt;
    expect(span).toBeGreaterThanOrEqual(((resumed.length - 1) / 5) * 1000 - 500);
    expect((await call('POST', `/p/campaigns/${id}/resume`)).body.code).toBe('CAMPAIGN_INVALID_TRANSITION');
  });

  it('backs off on 130429 and sends the recipient later; fails undeliverable numbers once', async () => {
    const id = await newDraft();
    await uploadCsv(
      wa.ctx,
      wa.owner.token,
      wa.owner.accountId,
      id,
      'nome;telefone;pedido\nAna;11966660001;A\nBia;11966660002;B\n',
    );
    wa.fake.failNext(GRAPH_ERRORS.rateLimit);
    wa.fake.failFor.set('5511966660002', GRAPH_ERRORS.undeliverable);
    const before = wa.fake.sends.length;
    await call('POST', `/p/campaigns/${id}/start`, { consentAccepted: true });
    await until(async () => (await campaignOf(id)).status === 'finished', 30_000);
    wa.fake.failFor.delete('5511966660002');
    expect(wa.fake.sends.slice(before).map((s) => s.body.to)).toEqual(['5511966660001']);
    const states = await recipientStates(wa.ctx, id);
    expect(states.sort((a, b) => a.status.localeCompare(b.status))).toEqual([
      { status: 'failed', n: 1 },
      { status: 'sent', n: 1 },
    ]);
  });

  it('waits for the send window', async () => {
    const id = await newDraft();
    await uploadCsv(wa.ctx, wa.owner.token, wa.owner.accountId, id, csvOf(2, 900));
    // A window three hours ahead of the account's clock (São Paulo): closed now, whatever the hour.
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
    const before = wa.fake.sends.length;
    const started = await call('POST', `/p/campaigns/${id}/start`, { consentAccepted: true });
    expect(started.body.data.status).toBe('executing');
    // The slice ran and found the window closed: nothing was claimed or sent; its next run waits
    // for the window (a pg-boss job that starts then).
    await until(async () => {
      const [row] = await queryRows<{ lease_owner: string | null; n: number }>(
        wa.ctx,
        sql`select (select count(*)::int from pgboss.job where name = 'campaigns.dispatch' and data->>'campaignId' = ${id}
                      and state = 'created' and start_after > now() + interval '60 minutes') as n,
                   lease_owner from campaigns where id = ${id}`,
      );
      return row.n > 0 && row.lease_owner === null;
    }, 25_000);
    expect(wa.fake.sends.length).toBe(before);
    expect((await campaignOf(id)).counts.queued).toBe(2);
    await call('POST', `/p/campaigns/${id}/cancel`);
  }, 60_000);
});

describe('the opt-out words (Campaigns → Settings)', () => {
  const optedOut = async (phone: string, token = wa.owner.token, acc = wa.owner.accountId) => {
    const list = await call('GET', '/p/chat/contact/list?optOut=true&limit=30&page=1', undefined, token, acc);
    return list.body.data.items.some((c: any) => c.phone === phone);
  };
  /** Every queued opt-out check (the durable listener) has run. */
  const inboundSettled = () =>
    until(async () => {
      const [row] = await queryRows<{ n: number }>(
        wa.ctx,
        sql`select count(*)::int as n from pgboss.job where name = 'event.campaigns.inbound'
              and state in ('created', 'retry', 'active')`,
      );
      return row.n === 0;
    });

  it('validates and saves the words, and logs the change', async () => {
    const initial = await call('GET', '/p/campaign-settings');
    expect(initial.body.data).toEqual({
      optOutKeywords: ['SAIR', 'PARAR', 'CANCELAR', 'STOP', 'DESCADASTRAR', 'UNSUBSCRIBE'],
      custom: false,
      defaults: ['SAIR', 'PARAR', 'CANCELAR', 'STOP', 'DESCADASTRAR', 'UNSUBSCRIBE'],
    });
    const empty = await call('PUT', '/p/campaign-settings', { optOutKeywords: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.body.code).toBe('VALIDATION_FAILED');
    const blank = await call('PUT', '/p/campaign-settings', { optOutKeywords: ['SAIR', ' !! '] });
    expect(blank.statusCode).toBe(400);
    const long = await call('PUT', '/p/campaign-settings', { optOutKeywords: ['X'.repeat(41)] });
    expect(long.statusCode).toBe(400);
    const many = await call('PUT', '/p/campaign-settings', {
      optOutKeywords: Array.from({ length: 31 }, (_, i) => `W${i}`),
    });
    expect(many.statusCode).toBe(400);
    expect(JSON.stringify(many.body)).toContain('Use at most 30 opt-out words');
    const asOperator = await call(
      'PUT',
      '/p/campaign-settings',
      { optOutKeywords: ['CHEGA'] },
      team.operator.token,
    );
    expect(asOperator.statusCode).toBe(403);
    const saved = await call('PUT', '/p/campaign-settings', {
      optOutKeywords: ['Chega!', 'não quero', 'CHEGA'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data).toMatchObject({ optOutKeywords: ['CHEGA', 'NAO QUERO'], custom: true });
    const log = await call('GET', '/p/activity-log?limit=10&page=1');
    const entry = log.body.data.items.find((e: any) => e.action === 'campaigns.settings_updated');
    expect(entry.details.changes[0]).toMatchObject({ field: 'optOutKeywords', to: 'CHEGA, NAO QUERO' });
  });

  it("opts out on the account's own word; the defaults still hold for other accounts", async () => {
    await call('PUT', '/p/campaign-settings', { optOutKeywords: ['CHEGA', 'NAO QUERO'] });
    expect(await customerWritesOnWhatsApp(wa.ctx, wa.channel, '5511955550001', 'Não quero.')).toBe(200);
    await until(() => optedOut('+5511955550001'));
    // The defaults were replaced: SAIR is an ordinary message in this account now.
    expect(await customerWritesOnWhatsApp(wa.ctx, wa.channel, '5511955550002', 'SAIR')).toBe(200);
    await inboundSettled();
    expect(await optedOut('+5511955550002')).toBe(false);
    // An account that never changed its words: SAIR opts out, the first account's CHEGA does not.
    const otherChannel = await insertWhatsAppChannel(wa.ctx, other.accountId);
    expect(await customerWritesOnWhatsApp(wa.ctx, otherChannel, '5511955550003', 'chega')).toBe(200);
    expect(await customerWritesOnWhatsApp(wa.ctx, otherChannel, '5511955550004', 'Sair')).toBe(200);
    await until(() => optedOut('+5511955550004', other.token, other.accountId));
    await inboundSettled();
    expect(await optedOut('+5511955550003', other.token, other.accountId)).toBe(false);
    // That account has no campaign to be replied to: only its opt-out word cost a listener job.
    const jobs = await queryRows<{ body: string }>(
      wa.ctx,
      sql`select data->'data'->'message'->>'body' as body from pgboss.job
            where name = 'event.campaigns.inbound' and data->>'accountId' = ${other.accountId}`,
    );
    expect(jobs.map((j) => j.body)).toEqual(['Sair']);
    expect(
      (await call('GET', '/p/campaign-settings', undefined, other.token, other.accountId)).body.data.custom,
    ).toBe(false);
    // Back to the defaults.
    const reset = await call('PUT', '/p/campaign-settings', { optOutKeywords: null });
    expect(reset.body.data.custom).toBe(false);
  });
});

describe('roles and isolation', () => {
  it('lets operators create and start campaigns, keeps the list for admins', async () => {
    const channels = await call('GET', '/p/campaign-channels', undefined, team.operator.token);
    expect(channels.statusCode).toBe(200);
    expect(channels.body.data.map((c: { _id: string }) => c._id)).toEqual([wa.channel.id]);
    const id = await newDraft({}, team.operator.token);
    expect((await call('GET', `/p/campaigns/${id}`, undefined, team.operator.token)).statusCode).toBe(200);
    const list = await call('GET', '/p/campaigns', undefined, team.operator.token);
    expect(list.statusCode).toBe(403);
    expect(list.body.message).toBe(
      "You don't have access to this feature, talk to your account administrator",
    );
    expect((await call('GET', '/p/campaigns', undefined, team.admin.token)).statusCode).toBe(200);
    expect((await call('GET', '/p/sms-credit', undefined, team.manager.token)).statusCode).toBe(403);
  });

  it("never shows or changes another account's campaigns", async () => {
    const id = await newDraft();
    const otherChannel = await insertWhatsAppChannel(wa.ctx, other.accountId);
    const asOther = (method: 'GET' | 'POST', path: string, body?: unknown) =>
      call(method, path, body, other.token, other.accountId);
    expect((await asOther('GET', `/p/campaigns/${id}`)).statusCode).toBe(404);
    expect((await asOther('POST', `/p/campaigns/${id}/cancel`)).statusCode).toBe(404);
    expect((await asOther('GET', `/p/campaigns/${id}/recipients`)).statusCode).toBe(404);
    expect((await asOther('GET', '/p/campaigns')).body.data.items.some((c: any) => c._id === id)).toBe(false);
    // Nor use the owner's channel or template.
    const foreign = await asOther('POST', '/p/campaigns', draftBody());
    expect(foreign.body.code).toBe('CAMPAIGN_CHANNEL_INVALID');
    const wrongTemplate = await asOther('POST', '/p/campaigns', draftBody({ channelId: otherChannel.id }));
    expect(wrongTemplate.body.code).toBe('CAMPAIGN_TEMPLATE_REQUIRED');
  });

  it('exports the recipients unless downloads are blocked for the role', async () => {
    const id = await newDraft();
    await uploadCsv(wa.ctx, wa.owner.token, wa.owner.accountId, id, csvOf(3, 700));
    const csv = await wa.ctx.app.inject({
      method: 'GET',
      url: `/p/campaigns/${id}/export?acc=${wa.owner.accountId}&format=csv`,
      headers: { authorization: `Bearer ${wa.owner.token}`, 'accept-language': 'en' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe(
      '\uFEFFName,Phone,Status,Reason,Sent at,Delivered at,Read at,Replied at',
    );
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(4);
    await queryRows(
      wa.ctx,
      sql`update accounts set block_download_excel = true where id = ${wa.owner.accountId}`,
    );
    await wa.ctx.app.platform.tenantCache.invalidate(wa.owner.accountId);
    const blocked = await call(
      'GET',
      `/p/campaigns/${id}/export?format=xlsx`,
      undefined,
      team.operator.token,
    );
    expect(blocked.statusCode).toBe(403);
    expect(blocked.body.message).toBe('Function unavailable. Contact an administrator for more information.');
    await queryRows(
      wa.ctx,
      sql`update accounts set block_download_excel = false where id = ${wa.owner.accountId}`,
    );
    await wa.ctx.app.platform.tenantCache.invalidate(wa.owner.accountId);
  });
});
