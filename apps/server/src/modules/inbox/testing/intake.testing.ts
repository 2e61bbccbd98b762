import { newWamid, signedWhatsAppPost, whatsappWebhook } from '../../../testing/fake-whatsapp';
// Test support for the intake and channel tests: channels inserted as their admin would connect
// them, outbound messages as an operator's send stores them, and a condition poll with a deadline.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { newId } from '../../../platform/db/columns';
import { queryRows } from '../../../testing/helpers';
import type { TTestApp } from '../../../testing/test-app';

export interface TTestChannel {
  id: string;
  accountId: string;
  externalId: string;
  secrets: Record<string, string>;
  config: Record<string, unknown>;
}

export async function insertWhatsAppChannel(ctx: TTestApp, accountId: string): Promise<TTestChannel> {
  const externalId = String(100_000_000_000 + Math.floor(Math.random() * 1e10));
  const secrets = {
    accessToken: `EAAG${randomBytes(12).toString('hex')}`,
    appSecret: randomBytes(16).toString('hex'),
    verifyToken: randomBytes(8).toString('hex'),
  };
  const config = { phoneNumberId: externalId, wabaId: `9${externalId}`, displayPhone: '+15550000000' };
  return insertChannel(ctx, accountId, 'whatsapp-cloud', externalId, config, secrets);
}

export async function insertSmsChannel(ctx: TTestApp, accountId: string): Promise<TTestChannel> {
  const externalId = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const config = { fromNumber: externalId, accountSid: `AC${randomBytes(16).toString('hex')}` };
  return insertChannel(ctx, accountId, 'sms', externalId, config, {
    authToken: randomBytes(16).toString('hex'),
  });
}

async function insertChannel(
  ctx: TTestApp,
  accountId: string,
  kind: string,
  externalId: string,
  config: Record<string, unknown>,
  secrets: Record<string, string>,
): Promise<TTestChannel> {
  const id = newId();
  await queryRows(
    ctx,
    sql`insert into channels (id, account_id, kind, name, external_id, config, secrets)
        values (${id}, ${accountId}, ${kind}, ${`${kind} test`}, ${externalId}, ${JSON.stringify(config)}::jsonb,
          ${JSON.stringify(secrets)}::jsonb)`,
  );
  return { id, accountId, externalId, secrets, config };
}

/** An operator's outbound message stored in a (new or open) conversation with the contact of `phone`. */
export async function insertOutbound(
  ctx: TTestApp,
  channel: TTestChannel,
  phone: string,
  message: { body?: string; kind?: string; media?: object; template?: object; lastInboundAt?: Date | null },
): Promise<{ messageId: string; conversationId: string; contactId: string }> {
  const contactId = newId();
  const conversationId = newId();
  const messageId = newId();
  const lastInbound = message.lastInboundAt === undefined ? new Date() : message.lastInboundAt;
  await queryRows(
    ctx,
    sql`insert into contacts (id, account_id, name, phone, type) values (${contactId}, ${channel.accountId}, 'Cliente', ${phone}, 'whatsapp')`,
  );
  await queryRows(
    ctx,
    sql`insert into conversations (id, account_id, contact_id, channel_id, stage, last_inbound_at)
        values (${conversationId}, ${channel.accountId}, ${contactId}, ${channel.id}, 'attendance', ${lastInbound?.toISOString() ?? null})`,
  );
  await queryRows(
    ctx,
    sql`insert into messages (id, account_id, conversation_id, channel_id, author_type, kind, body, media, template)
        values (${messageId}, ${channel.accountId}, ${conversationId}, ${channel.id}, 'operator', ${message.kind ?? 'text'},
          ${message.body ?? null}, ${message.media ? JSON.stringify(message.media) : null}::jsonb,
          ${message.template ? JSON.stringify(message.template) : null}::jsonb)`,
  );
  return { messageId, conversationId, contactId };
}

export async function messageRow(ctx: TTestApp, id: string) {
  const [row] = await queryRows<{
    ack: number;
    error_code: string | null;
    provider_message_id: string | null;
  }>(ctx, sql`select ack, error_code, provider_message_id from messages where id = ${id}`);
  return row;
}

export { until } from '../../../testing/helpers';

/**
 * A customer's WhatsApp text posted as Meta posts it (signed with the channel's app secret), to
 * the app of this process or to another process's base URL; answers the HTTP status.
 */
export async function customerWritesOnWhatsApp(
  target: TTestApp | string,
  channel: TTestChannel,
  from: string,
  text: string,
): Promise<number> {
  const signed = signedWhatsAppPost(
    channel.secrets.appSecret,
    whatsappWebhook(channel.externalId, { messages: [{ id: newWamid(), from, name: 'Rita', text }] }),
  );
  const url = `/webhooks/whatsapp-cloud/${channel.id}`;
  if (typeof target === 'string')
    return (await fetch(`${target}${url}`, { method: 'POST', headers: signed.headers, body: signed.body }))
      .status;
  const res = await target.app.inject({ method: 'POST', url, headers: signed.headers, payload: signed.body });
  return res.statusCode;
}
