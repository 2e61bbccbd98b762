// A second app process for multi-node tests: builds the app on DATABASE_URL (the test file's
// own PostgreSQL database) with the test signing key, listens on a free port and prints one JSON
// line { port }. Stops on SIGTERM. Run: node --import tsx apps/server/src/testing/app-process.ts
// APP_WORKERS=1 runs the job workers; APP_LOG_LEVEL (e.g. warn) writes the app's log to stdout.
import { buildApp } from '../app';

const app = await buildApp({
  logger: Boolean(process.env.APP_LOG_LEVEL),
  env: { NODE_ENV: 'test' },
  workers: process.env.APP_WORKERS === '1',
  config: {
    DATABASE_URL: process.env.DATABASE_URL,
    ...(process.env.WHATSAPP_GRAPH_URL ? { WHATSAPP_GRAPH_URL: process.env.WHATSAPP_GRAPH_URL } : {}),
    // APP_REDIS_URL: the Socket.IO Redis adapter (REDIS_URL of the CI environment is not inherited).
    ...(process.env.APP_REDIS_URL ? { REDIS_URL: process.env.APP_REDIS_URL } : {}),
    JWT_SECRET: process.env.JWT_SECRET,
    LOG_LEVEL: (process.env.APP_LOG_LEVEL ?? 'silent') as 'silent',
    WEB_DIST: '/nonexistent',
    DATA_DIR: '/tmp/atende-test-data',
    SMTP_URL: 'smtp://127.0.0.1:9',
    ARGON2_MEMORY_KIB: 1024,
    ARGON2_TIME_COST: 1,
    // Webhook receivers and other fakes listen on 127.0.0.1.
    OUTBOUND_HTTP_ALLOW_PRIVATE: 'true',
  },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => void app.close().then(() => process.exit(0)));
