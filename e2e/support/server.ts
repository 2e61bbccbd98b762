import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import type { TConfig } from '../../apps/server/src/config';
import { SmtpSink } from '../../apps/server/src/testing/smtp-sink';

export const WEB_DIST = resolve(import.meta.dirname, '../../apps/web/dist');

export interface TE2eServer {
  app: FastifyInstance;
  smtp: SmtpSink;
  baseUrl: string;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
  });
}

/**
 * The whole product as a user meets it: the API and the built web (apps/web/dist) on one port,
 * a fresh embedded database, and mail delivered to a real SMTP sink. `config` points the channel
 * providers at local fakes (WHATSAPP_GRAPH_URL, SMS_API_URL).
 */
export async function startE2eServer(config: Partial<TConfig> = {}): Promise<TE2eServer> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error(`The web app is not built (${WEB_DIST}). Run: npm run build -w @atende/web`);
  }
  const smtp = new SmtpSink();
  const smtpUrl = await smtp.start();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'atende-e2e-'));
  const app = await buildApp({
    logger: false,
    env: { NODE_ENV: 'test' },
    config: {
      DATA_DIR: dataDir,
      WEB_DIST,
      SMTP_URL: smtpUrl,
      APP_URL: baseUrl,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0000',
      ARGON2_MEMORY_KIB: 1024,
      ARGON2_TIME_COST: 1,
      // Webhook receivers and served pages listen on 127.0.0.1.
      OUTBOUND_HTTP_ALLOW_PRIVATE: 'true',
      ...config,
    },
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    smtp,
    baseUrl,
    close: async () => {
      await app.close();
      await smtp.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The newest mail matching `match`, waiting for one when none has arrived yet. */
export function latestMail(smtp: SmtpSink, match: (m: SmtpSink['messages'][number]) => boolean) {
  const found = [...smtp.messages].reverse().find(match);
  return found ? Promise.resolve(found) : smtp.waitFor(match);
}

/** The 6-digit code of the latest verification mail to `email`. */
export async function otpFor(smtp: SmtpSink, email: string): Promise<string> {
  const mail = await latestMail(smtp, (m) => m.to.includes(email) && /\d{6}/.test(m.subject));
  return /(\d{6})/.exec(mail.subject)![1];
}

/** The first link containing `path` in the latest mail to `email`. */
export async function linkFor(smtp: SmtpSink, email: string, path: string): Promise<string> {
  const mail = await latestMail(smtp, (m) => m.to.includes(email) && m.text.includes(path));
  const match = /https?:\/\/\S+/g;
  const link = (mail.text.match(match) ?? []).find((l) => l.includes(path));
  if (!link) throw new Error(`no ${path} link in the mail to ${email}`);
  return link.replace(/[).,]+$/, '');
}
