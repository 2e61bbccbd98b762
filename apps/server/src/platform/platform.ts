import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../config';
import { openDatabase, type TDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { JwtService } from './auth/jwt';
import { PasswordHasher } from './auth/password';
import { Jobs } from './jobs';
import { Mailer } from './mail';
import { RateLimiter } from './rate-limit';
import { TenantCache } from './tenant-cache';
import { Realtime } from './realtime';
import { DomainEvents } from './events';
import { createErrorReporter, serverRelease, type TErrorReporter } from './error-reporting';

/** The shared parts every module uses: one instance per process. */
export interface TPlatform {
  config: TConfig;
  database: TDatabase;
  jwt: JwtService;
  hasher: PasswordHasher;
  jobs: Jobs;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  tenantCache: TenantCache;
  realtime: Realtime;
  /** The domain event bus (events.ts): modules emit in their transactions and listen in their plugins. */
  events: DomainEvents;
  /** The process's logger (pino): every module logs through it. */
  log: FastifyBaseLogger;
  /** Sentry-compatible reporting of unhandled errors (SENTRY_DSN; a no-op without it). */
  errorReporter: TErrorReporter;
}

export async function createPlatform(
  config: TConfig,
  log: FastifyBaseLogger,
  database?: TDatabase,
): Promise<TPlatform> {
  const db = database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  await runMigrations(db);
  const errorReporter = createErrorReporter({
    dsn: config.SENTRY_DSN,
    environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
    release: serverRelease(),
    appUrl: config.APP_URL,
    log,
  });
  const jobs = new Jobs(db, log, errorReporter);
  const jwt = new JwtService(config.JWT_SECRET);
  const tenantCache = new TenantCache(db, log);
  return {
    config,
    database: db,
    jwt,
    hasher: new PasswordHasher({ memoryCost: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST }),
    jobs,
    mailer: new Mailer(config, jobs, log),
    rateLimiter: new RateLimiter(db.db),
    tenantCache,
    realtime: new Realtime(config, db, jwt, tenantCache, log),
    events: new DomainEvents(db.db, jobs, log),
    log,
    errorReporter,
  };
}
