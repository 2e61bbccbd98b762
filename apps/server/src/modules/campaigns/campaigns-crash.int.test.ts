import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWhatsAppApp, stopWhatsAppApp, type TWhatsAppApp } from '../../testing/app-fixtures';
import { signedWhatsAppPost } from '../../testing/fake-whatsapp';
import { queryRows, TEST_JWT_SECRET, until } from '../../testing/helpers';
import { testEngine } from '../../testing/test-db';
import { GATE_EXPIRED } from '../../platform/yield-gate';
import { api } from '../../testing/test-app';
import { csvOf, insertApprovedTemplate, uploadCsv } from './campaigns.testing';

// Exactly once across processes and crashes (issue 16): on PostgreSQL a second app process
// dispatches the same campaign and is killed with SIGKILL mid-dispatch; on both engines several
// dispatch slices race. Every recipient is sent once: none lost, none twice. The fake Graph API,
// like Meta's, takes no idempotency key: what the killed process had in flight is 'unknown' until
// Meta's status webhooks (which echo the recipient id) settle it; the rest the operator resends.

let wa: TWhatsAppApp;
let template: string;
let child: ChildProcess | undefined;

async function startSecondNode(databaseUrl: string, graphUrl: string): Promise<void> {
  child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/testing/app-process.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: TEST_JWT_SECRET,
      APP_WORKERS: '1',
      WHATSAPP_GRAPH_URL: graphUrl,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  await new Promise<void>((resolve, reject) => {
    child!.once('exit', (code) => reject(new Error(`second node exited with ${code}`)));
    lines.on('line', (line) => line.startsWith('{') && resolve());
  });
}

const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
  api(wa.ctx.app, method, `${path}?acc=${wa.owner.accountId}`, { token: wa.owner.token, body, lang: 'en' });

async function startedCampaign(rows: number, from: number) {
  const res = await call('POST', '/p/campaigns', {
    type: 'whatsapp',
    name: `Crash ${from}`,
    channelId: wa.channel.id,
    templateId: template,
    mapping: [
      { kind: 'field', field: 'firstName' },
      { kind: 'column', column: 'pedido' },
    ],
  });
  const id = res.body.data._id as string;
  expect(
    (await uploadCsv(wa.ctx, wa.owner.token, wa.owner.accountId, id, csvOf(rows, from))).body.data.added,
  ).toBe(rows);
  await queryRows(wa.ctx, sql`update campaigns set rate_per_second = 100 where id = ${id}`);
  return id;
}

/** Sends the fake accepted for the campaign's phones. */
const sendsTo = (phones: Set<string>) => wa.fake.sends.filter((s) => phones.has(`+${s.body.to}`));

async function phonesOf(id: string) {
  const rows = await queryRows<{ phone: string }>(
    wa.ctx,
    sql`select phone from campaign_recipients where campaign_id = ${id}`,
  );
  return new Set(rows.map((r) => r.phone));
}

beforeAll(async () => {
  wa = await startWhatsAppApp();
  template = await insertApprovedTemplate(wa.ctx, wa.owner.accountId, wa.channel.id);
});
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await stopWhatsAppApp(wa);
});

describe('exactly once', () => {
  it('racing dispatch slices never send a recipient twice', async () => {
    const id = await startedCampaign(200, 2000);
    const dispatcher = wa.ctx.app.services.campaignDispatcher;
    await call('POST', `/p/campaigns/${id}/start`, { consentAccepted: true });
    // Extra slices on top of the job the start queued: they find the lease taken or claim other rows.
    await Promise.all([1, 2, 3].map(() => dispatcher.run({ accountId: wa.owner.accountId, campaignId: id })));
    await until(
      async () => (await call('GET', `/p/campaigns/${id}`)).body.data.status === 'finished',
      60_000,
    );
    const phones = await phonesOf(id);
    const sends = sendsTo(phones);
    expect(sends).toHaveLength(200);
    expect(new Set(sends.map((s) => s.body.to)).size).toBe(200);
  }, 90_000);

  it('a batch the busy process cannot send by its deadline gives its recipients back, unsent, with their attempts', async () => {
    const id = await startedCampaign(100, 3000);
    const phones = await phonesOf(id);
    const dispatcher = wa.ctx.app.services.campaignDispatcher;
    const batchMs = dispatcher.batchMs;
    dispatcher.batchMs = 300;
    // The inbox has every send slot: the batch's sends wait at the gate until the deadline. As many
    // calls as the gate's most (not its limit now): the limit may climb while the test runs, and
    // each slot it adds goes to the held calls queued first.
    const releases: Array<() => void> = [];
    let released = false;
    const holding = Array.from({ length: dispatcher.gate.max }, () =>
      dispatcher.gate.run(() => (released ? Promise.resolve() : new Promise<void>((r) => releases.push(r)))),
    );
    const expired: string[] = [];
    const run = dispatcher.gate.run.bind(dispatcher.gate);
    dispatcher.gate.run = async (work, deadline) => {
      const answer = await run(work, deadline);
      if (answer === GATE_EXPIRED) expired.push('x');
      return answer;
    };
    try {
      await call('POST', `/p/campaigns/${id}/start`, { consentAccepted: true });
      await until(async () => expired.length > 0, 30_000);
      await call('POST', `/p/campaigns/${id}/pause`);
      await until(async () => {
        const rows = await queryRows<{ status: string; attempts: number }>(
          wa.ctx,
          sql`select status, attempts from campaign_recipients where campaign_id = ${id}`,
        );
        return rows.every((r) => r.status === 'queued' && Number(r.attempts) === 0);
      }, 30_000);
      expect(sendsTo(phones)).toHaveLength(0);
    } finally {
      dispatcher.gate.run = run;
      released = true;
      for (const release of releases) release();
      await Promise.all(holding);
      dispatcher.batchMs = batchMs;
    }
    await call('POST', `/p/campaigns/${id}/resume`);
    await until(
      async () => (await call('GET', `/p/campaigns/${id}`)).body.data.status === 'finished',
      60_000,
    );
    const sends = sendsTo(phones);
    expect(sends).toHaveLength(100);
    expect(new Set(sends.map((s) => s.body.to)).size).toBe(100);
    const attempts = await queryRows<{ attempts: number; n: number }>(
      wa.ctx,
      sql`select attempts, count(*)::int as n from campaign_recipients where campaign_id = ${id} group by attempts`,
    );
    expect(attempts.map((a) => [Number(a.attempts), a.n])).toEqual([[1, 100]]);
  }, 120_000);

  if (testEngine() === 'pg')
    it('a process killed mid-dispatch loses nothing and sends nothing twice (PostgreSQL)', async () => {
      const database = wa.ctx.app.platform.database;
      await startSecondNode(database.connectionString!, wa.fake.baseUrl);
      const id = await startedCampaign(600, 5000);
      const phones = await phonesOf(id);
      // Short leases so the survivor takes over within seconds (the sweep's tick is called directly).
      const dispatcher = wa.ctx.app.services.campaignDispatcher;
      // Meta's 'sent' reports of every accepted send reach the surviving node.
      wa.fake.reportStatuses = async (webhook) => {
        const signed = signedWhatsAppPost(wa.channel.secrets.appSecret, webhook);
        await wa.ctx.app.inject({
          method: 'POST',
          url: `/webhooks/whatsapp-cloud/${wa.channel.id}`,
          headers: signed.headers,
          payload: signed.body,
        });
      };
      await call('POST', `/p/campaigns/${id}/start`, { consentAccepted: true });
      await until(async () => sendsTo(phones).length >= 100, 30_000);
      child!.kill('SIGKILL');
      await new Promise((resolve) => child!.once('exit', resolve));
      await until(async () => {
        await dispatcher.sweep();
        return (await call('GET', `/p/campaigns/${id}`)).body.data.status === 'finished';
      }, 120_000);
      // Every unknown recipient the fake did receive is settled by its report; the others were
      // never sent, and go out when the operator asks.
      await until(async () => {
        const sent = new Set(sendsTo(phones).map((s) => `+${s.body.to}`));
        const unknown = await queryRows<{ phone: string }>(
          wa.ctx,
          sql`select phone from campaign_recipients where campaign_id = ${id} and status = 'unknown'`,
        );
        return unknown.every((r) => !sent.has(r.phone));
        // The reports of all 600 sends are webhooks → events → jobs on the survivor: under a loaded
        // CI (both engines' suites side by side) that queue took more than 30 s once.
      }, 90_000);
      await call('POST', `/p/campaigns/${id}/resend-unconfirmed`);
      await until(
        async () => (await call('GET', `/p/campaigns/${id}`)).body.data.status === 'finished',
        60_000,
      );
      wa.fake.reportStatuses = undefined;
      const sends = sendsTo(phones);
      expect(new Set(sends.map((s) => s.body.to)).size).toBe(600); // none lost
      expect(sends).toHaveLength(600); // none twice
      const [left] = await queryRows<{ n: number }>(
        wa.ctx,
        sql`select count(*)::int as n from campaign_recipients where campaign_id = ${id} and status <> 'sent'`,
      );
      expect(left.n).toBe(0);
    }, 300_000);
});
