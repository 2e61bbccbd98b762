import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedWhatsAppPost, whatsappWebhook } from '../../../testing/fake-whatsapp';
import { signUp, type TSignedUp } from '../../../testing/fixtures';
import { queryRows } from '../../../testing/helpers';
import { testEngine } from '../../../testing/test-db';
import { startTestApp, type TTestApp } from '../../../testing/test-app';
import { insertWhatsAppChannel, type TTestChannel } from '../testing/intake.testing';

// A customer's message and an operator closing the conversation at the same moment: the message
// never lands in the closed conversation — it opens the next one, as a message arriving just
// after the close does.
let ctx: TTestApp;
let owner: TSignedUp;
let channel: TTestChannel;

beforeAll(async () => {
  ctx = await startTestApp();
  owner = await signUp(ctx, { plan: 'pro' });
  channel = await insertWhatsAppChannel(ctx, owner.accountId);
});

afterAll(async () => {
  await ctx?.close();
});

function send(from: string, text: string) {
  const signed = signedWhatsAppPost(
    channel.secrets.appSecret,
    whatsappWebhook(channel.externalId, { messages: [{ from, text, name: 'Cliente' }] }),
  );
  return ctx.app.inject({
    method: 'POST',
    url: `/webhooks/whatsapp-cloud/${channel.id}`,
    headers: signed.headers,
    payload: signed.body,
  });
}

async function conversationsOf(phone: string) {
  return queryRows<{ id: string; stage: string; unread_count: number; bodies: string[] }>(
    ctx,
    sql`select c.id, c.stage, c.unread_count,
          coalesce((select array_agg(m.body order by m.created_at) from messages m where m.conversation_id = c.id), '{}') as bodies
        from conversations c join contacts k on k.id = c.contact_id
        where k.account_id = ${owner.accountId} and k.phone = ${`+${phone}`}
        order by c.created_at`,
  );
}

const closeSql = (id: string) =>
  `update conversations set stage = 'closed', closed_at = now(), close_reason = 'Resolvido' where id = '${id}'`;

if (testEngine() === 'pg') {
  describe('a customer message racing a close (PostgreSQL, two connections)', () => {
    it('opens a new conversation instead of landing in the one closed meanwhile', async () => {
      const phone = '5511990002001';
      expect((await send(phone, 'primeira')).statusCode).toBe(200);
      const [open] = await conversationsOf(phone);
      expect(open.stage).toBe('waiting');

      // The operator's close holds the conversation row while the webhook's transaction, which saw
      // it open, reaches its update; the close commits first.
      // A connection of its own (not one of the app's pool, which the webhook needs).
      const operator = new pg.Client({ connectionString: ctx.db.database.pool!.options.connectionString });
      await operator.connect();
      try {
        await operator.query('begin');
        await operator.query(closeSql(open.id));
        const webhook = send(phone, 'durante o encerramento');
        await waitForLockWait(operator);
        await operator.query('commit');
        expect((await webhook).statusCode).toBe(200);
      } finally {
        await operator.end();
      }

      const [closed, next] = await conversationsOf(phone);
      expect(closed).toMatchObject({ id: open.id, stage: 'closed', bodies: ['primeira'] });
      expect(next).toMatchObject({ stage: 'waiting', unread_count: 1, bodies: ['durante o encerramento'] });
    });
  });
} else {
  describe('a customer message after a close — PGlite pass: embedded PGlite has one connection, so the race cannot interleave; the two-connection race runs in the TEST_ENGINE=pg pass', () => {
    it('opens a new conversation instead of writing into the closed one', async () => {
      const phone = '5511990002002';
      expect((await send(phone, 'primeira')).statusCode).toBe(200);
      const [open] = await conversationsOf(phone);
      await queryRows(ctx, sql.raw(closeSql(open.id)));
      expect((await send(phone, 'depois do encerramento')).statusCode).toBe(200);
      const [closed, next] = await conversationsOf(phone);
      expect(closed).toMatchObject({ id: open.id, stage: 'closed', bodies: ['primeira'] });
      expect(next).toMatchObject({ stage: 'waiting', unread_count: 1, bodies: ['depois do encerramento'] });
    });
  });
}

/** Until another backend waits for a lock this connection holds (the webhook's update). */
async function waitForLockWait(holder: pg.Client) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await holder.query(
      `select count(*)::int as n from pg_stat_activity
       where wait_event_type = 'Lock' and pg_backend_pid() = any(pg_blocking_pids(pid))`,
    );
    if (rows[0].n > 0) return;
    if (Date.now() > deadline) {
      const { rows: backends } = await holder.query(
        `select pid, state, wait_event_type, wait_event, pg_blocking_pids(pid)::text as blocked_by,
           left(query, 80) as query from pg_stat_activity where datname = current_database()`,
      );
      throw new Error(`the webhook never waited for the close: ${JSON.stringify(backends)}`);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}
