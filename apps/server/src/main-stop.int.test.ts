import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm start` stopped (Ctrl+C, SIGTERM) while its first run makes the demo account: the process
 * ends the seeding, closes the embedded database and exits with the signal's code, and the next
 * start on the same data folder comes up with a demo that signs in.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'atende-stop-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `npm start`'s server (main.ts) on DATA_DIR, its output gathered; waits on lines, never on time. */
function start(port: number) {
  const main = new URL('./main.ts', import.meta.url).pathname;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  for (const key of ['DATABASE_URL', 'NODE_ENV', 'SEED_DEMO', 'REDIS_URL', 'LOG_LEVEL']) delete env[key];
  const child = spawn(process.execPath, ['--import', 'tsx', main], { env, stdio: 'pipe' });
  children.push(child);
  let out = '';
  const waiters = new Set<() => void>();
  const gather = (chunk: Buffer) => {
    out += chunk;
    for (const check of waiters) check();
  };
  child.stdout!.on('data', gather);
  child.stderr!.on('data', gather);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      for (const check of waiters) check();
      resolve(code);
    }),
  );
  return {
    child,
    exited,
    output: () => out,
    /** Resolves with the match once the output shows `pattern`; fails if the process ends first. */
    line: (pattern: RegExp) =>
      new Promise<RegExpMatchArray>((resolve, reject) => {
        const check = () => {
          const found = out.match(pattern);
          if (found) {
            waiters.delete(check);
            resolve(found);
          } else if (child.exitCode !== null || child.signalCode !== null) {
            waiters.delete(check);
            reject(new Error(`exited (${child.exitCode ?? child.signalCode}) before ${pattern}:\n${out}`));
          }
        };
        waiters.add(check);
        check();
      }),
  };
}

describe('a first start stopped while it makes the demo account', () => {
  it('closes the database and exits with 130 (one Ctrl+C, delivered as npm start does); the next start makes the demo, which signs in, and SIGTERM ends it with 143', async () => {
    const port = await freePort();
    const first = start(port);
    await first.line(/"msg":"making the demo account"/);
    // A terminal's Ctrl+C reaches the server and scripts/start.mjs, which forwards it: twice at once.
    first.child.kill('SIGINT');
    first.child.kill('SIGINT');
    const code = await first.exited;
    const out = first.output();
    expect(code, out).toBe(130);
    expect(out).toContain('Stopped (SIGINT).');
    expect(out).not.toContain('before the database was closed');
    expect(out).not.toContain('could not be seeded');
    // Stopped while making it: the demo was not finished, so no password was shown.
    expect(out).not.toMatch(/password: \S+/);

    const next = start(port);
    const [, password] = await next.line(/password: (\S+)/);
    await next.line(/Atende is running at/);
    expect(next.output()).toContain('the demo account was left half made by a stopped first start');
    const login = await fetch(`http://127.0.0.1:${port}/g/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@atende.local', password }),
    });
    expect(login.status).toBe(200);
    next.child.kill('SIGTERM');
    expect(await next.exited, next.output()).toBe(143);
    expect(next.output()).toContain('Stopped (SIGTERM).');
  }, 300_000);
});
