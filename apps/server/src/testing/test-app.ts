import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import type { TConfig } from '../config';
import { openTestDatabase, testEngine, type TTestDatabase } from './test-db';
import { SmtpSink } from './smtp-sink';

export interface TTestApp {
  app: FastifyInstance;
  smtp: SmtpSink;
  db: TTestDatabase;
  close(): Promise<void>;
}

/** Cheap argon2 for tests (the benchmark measures the production cost). */
const TEST_CONFIG: Partial<TConfig> = {
  ARGON2_MEMORY_KIB: 1024,
  ARGON2_TIME_COST: 1,
  JWT_SECRET: 'test-secret-test-secret-test-secret-000',
  LOG_LEVEL: 'silent',
  APP_URL: 'http://app.test',
  // Tests stand in for a proxy: X-Forwarded-For gives each test its own client IP.
  TRUST_PROXY: 'true',
  // Local fakes (webhook receivers, web pages) listen on 127.0.0.1; a test about the guard turns it off.
  OUTBOUND_HTTP_ALLOW_PRIVATE: 'true',
};

/** The whole app on this file's own database, with mail going to a real SMTP sink. */
export async function startTestApp(config: Partial<TConfig> = {}): Promise<TTestApp> {
  const db = await openTestDatabase(testEngine(), inject('dbTemplate'));
  const smtp = new SmtpSink();
  const smtpUrl = await smtp.start();
  const app = await buildApp({
    database: db.database,
    logger: false,
    env: { NODE_ENV: 'test' },
    config: {
      ...TEST_CONFIG,
      SMTP_URL: smtpUrl,
      DATA_DIR: '/tmp/atende-test-data',
      WEB_DIST: '/nonexistent',
      ...config,
    },
  });
  return {
    app,
    smtp,
    db,
    close: async () => {
      await app.close();
      await smtp.stop();
      await db.destroy();
    },
  };
}

export interface TApiResponse<T = any> {
  statusCode: number;
  body: {
    status: 0 | 1;
    data: T;
    code?: string;
    message?: string;
    fields?: Array<{ path: string; key: string; message: string }>;
  };
}

/** Injects a JSON request; `token` adds the bearer header, `lang` the Accept-Language. */
export async function api<T = any>(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { body?: unknown; token?: string; lang?: string; headers?: Record<string, string> } = {},
): Promise<TApiResponse<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lang) headers['accept-language'] = options.lang;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  return { statusCode: response.statusCode, body: response.json() };
}
