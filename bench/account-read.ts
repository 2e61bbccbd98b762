// npm run bench -- account-read: p50/p95 of GET /g/acc/{acc} under 50 concurrent clients
// (server in its own process on PostgreSQL; autocannon as the load generator).
import { emit, percentile, round, startBenchServer } from './_support';
import { hammer } from './_autocannon';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

const server = await startBenchServer();
const login = await fetch(`${server.url}/g/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: server.email, password: server.password }),
});
const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
const target = {
  url: `${server.url}/g/acc/${server.accountId}`,
  connections: CLIENTS,
  headers: { authorization: `Bearer ${token}` },
};
await hammer({ ...target, seconds: 2 }); // warm-up: connections, JIT, prepared statements
const result = await hammer({ ...target, seconds: SECONDS });
await server.stop();

const context = {
  clients: CLIENTS,
  duration_s: SECONDS,
  requests: result.latencies.length,
  non2xx: result.non2xx,
  errors: result.errors,
  rps: round(result.rps, 0),
};
emit({
  bench: 'account-read',
  metric: 'p50_ms',
  value: round(percentile(result.latencies, 50)),
  unit: 'ms',
  better: 'lower',
  ...context,
});
emit({
  bench: 'account-read',
  metric: 'p95_ms',
  value: round(percentile(result.latencies, 95)),
  unit: 'ms',
  goal: 5,
  better: 'lower',
  ...context,
});
