import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';
import { parseDsn } from '@atende/shared';

/** Environment variables of DESIGN.md §5, parsed in one place. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, 'must be a redis:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Atende <no-reply@atende.local>'),
  /** The help form's recipient (issue 13): where users' "contact us" messages go; unset, the form answers its error. */
  SUPPORT_EMAIL: z.email().optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().optional(),
  WHATSAPP_GRAPH_URL: z.url().default('https://graph.facebook.com/v21.0'),
  /**
   * WhatsApp by Facebook embedded signup (issue 13): the Meta app's id and secret (and the embedded
   * signup configuration id); with id and secret set, the WhatsApp channel page offers "Connect with
   * Facebook". The code is exchanged at WHATSAPP_GRAPH_URL.
   */
  FACEBOOK_APP_ID: z
    .string()
    .regex(/^\d{5,30}$/, 'must be the numeric app id')
    .optional(),
  FACEBOOK_APP_SECRET: z.string().min(8).optional(),
  FACEBOOK_CONFIG_ID: z
    .string()
    .regex(/^\d{5,30}$/, 'must be the numeric configuration id')
    .optional(),
  SMS_API_URL: z.url().optional(),
  SMS_API_KEY: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  /** Service-operator API (issue 13, /ops): its bearer secret; unset, the API does not exist (404). */
  OPS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /**
   * Error reporting (issue 13): a Sentry-compatible DSN; unhandled server errors and failed jobs are
   * sent to its envelope endpoint (no personal data). Unset, nothing is sent.
   */
  SENTRY_DSN: z.url().optional(),
  /** The `environment` of reported errors, the server's and the browser's (default: NODE_ENV). */
  SENTRY_ENVIRONMENT: z.string().max(64).optional(),
  /**
   * Browser error reporting (issue 13): the web app's Sentry-compatible DSN (usually a project of its
   * own; its public key is meant to be public). Handed to browsers by GET /g/client-config only when
   * NODE_ENV=production (spec §7: error-reporting scripts load on the production host only); it does
   * not fall back to SENTRY_DSN. Unset, the web app loads and sends nothing.
   */
  SENTRY_WEB_DSN: z
    .string()
    .refine((value) => parseDsn(value) !== null, 'must be a DSN: https://<public key>@<host>/<project>')
    .optional(),
  /** Web Push (VAPID) keys; without them a pair is generated once and kept in DATA_DIR (vapid-keys.json). */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).default(2),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  /** Trust X-Forwarded-For (only behind a proxy that sets it): client IPs for rate limits and the activity log. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /**
   * Tests and local setups only: outbound HTTP to addresses users type (webhook endpoints, automation
   * webhooks, chatbot HTTP blocks, knowledge base web pages) may reach loopback/private addresses.
   */
  OUTBOUND_HTTP_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  /**
   * Automations (issue 17), tests only: the length of one automation "minute" in ms (waits and
   * time triggers), so an end-to-end test sees "2 minutes" pass in seconds. Leave unset in production.
   */
  AUTOMATION_MINUTE_MS: z.coerce.number().int().min(10).default(60_000),
});

export type TEnv = z.infer<typeof ZEnv>;

export interface TConfig extends Omit<TEnv, 'JWT_SECRET' | 'APP_URL'> {
  APP_URL: string;
  JWT_SECRET: string;
  isProduction: boolean;
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with one line per bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<TConfig> = {}): TConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(overrides.DATA_DIR ?? e.DATA_DIR);
  const port = overrides.PORT ?? e.PORT;
  return {
    ...e,
    DATA_DIR: dataDir,
    APP_URL: (e.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    JWT_SECRET: e.JWT_SECRET ?? overrides.JWT_SECRET ?? persistedSecret(dataDir),
    isProduction: e.NODE_ENV === 'production',
    ...overrides,
  };
}

/** The signing key, generated once and kept in DATA_DIR (DESIGN.md §5). */
function persistedSecret(dataDir: string): string {
  const file = resolve(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
