// npm run bench -- auth: logins per second and login p95 through HTTP, with the production
// argon2id cost (argon2 dominates a login). Server in its own process on PostgreSQL.
import { emit, percentile, round, startBenchServer } from './_support';
import { hammer } from './_autocannon';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const memory = process.env.ARGON2_MEMORY_KIB ?? '19456';
const time = process.env.ARGON2_TIME_COST ?? '2';

const server = await startBenchServer({ ARGON2_MEMORY_KIB: memory, ARGON2_TIME_COST: time });
const result = await hammer({
  url: `${server.url}/g/auth/login`,
  connections: CLIENTS,
  seconds: SECONDS,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: server.email, password: server.password }),
});
await server.stop();

const context = {
  clients: CLIENTS,
  duration_s: SECONDS,
  requests: result.latencies.length,
  non2xx: result.non2xx,
  errors: result.errors,
  hash: `argon2id m=${memory}KiB t=${time} p=1`,
};
emit({
  bench: 'auth',
  metric: 'logins_per_s',
  value: round(result.latencies.length / SECONDS, 1),
  unit: 'logins/s',
  better: 'higher',
  ...context,
});
emit({
  bench: 'auth',
  metric: 'login_p95_ms',
  value: round(percentile(result.latencies, 95)),
  unit: 'ms',
  better: 'lower',
  ...context,
});
