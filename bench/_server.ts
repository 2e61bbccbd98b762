// A benchmark server in its own process (so the load generator does not share its event loop):
// builds the app on BENCH_DATABASE_URL, creates a confirmed user with an account, listens on a
// free port and prints one JSON line { port, email, password, accountId }.
import { randomBytes } from 'node:crypto';
import { buildApp } from '../apps/server/src/app';
import * as authRepo from '../apps/server/src/modules/auth/auth.repo';

const app = await buildApp({
  logger: false,
  env: { ...process.env, NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9', LOG_LEVEL: 'silent' },
  config: {
    DATABASE_URL: process.env.BENCH_DATABASE_URL,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    WEB_DIST: '/nonexistent',
    // The benchmarks' webhook receivers listen on 127.0.0.1.
    OUTBOUND_HTTP_ALLOW_PRIVATE: 'true',
  },
  // Job workers only where the benchmark measures a job (BENCH_WORKERS=true).
  workers: process.env.BENCH_WORKERS === 'true',
});
const email = `bench.${randomBytes(6).toString('hex')}@example.com`;
const password = 'Bench!Pass1';
const user = await authRepo.insertUser(app.platform.database.db, {
  name: 'Bench',
  email,
  phone: '+5511999990000',
  passwordHash: await app.platform.hasher.hash(password),
  isConfirmed: true,
});
const acc = await app.services.accounts.create(user!.id, { plan: 'pro', name: 'Bench account' });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(JSON.stringify({ port, email, password, accountId: acc.id }));
for (const s of ['SIGTERM', 'SIGINT'] as const)
  process.on(s, () => void app.close().then(() => process.exit(0)));
