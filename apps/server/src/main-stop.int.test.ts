import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, killLeftRunning, startMain } from './testing/main-process';

/**
 * `npm start` stopped (Ctrl+C, SIGTERM) while its first run makes the demo account: the process
 * ends the seeding, closes the embedded database and exits with the signal's code, and the next
 * start on the same data folder comes up with a demo that signs in.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'atende-stop-'));
const children: ChildProcess[] = [];
afterAll(() => {
  killLeftRunning(children);
  rmSync(dataDir, { recursive: true, force: true });
});

const start = (port: number) => startMain({ port, dataDir, children });

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
