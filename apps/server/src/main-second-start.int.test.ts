import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, killLeftRunning, startMain } from './testing/main-process';

/**
 * `npm start` run a second time on a data folder a running server holds (another terminal, a port
 * of its own): it used to open the embedded database under the first, which could never open it
 * again (its shutdown and every later start said 'Aborted()'). The second start is refused, the
 * first serves on, stops cleanly and starts again with its data.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'atende-second-start-'));
const children: ChildProcess[] = [];
afterAll(() => {
  killLeftRunning(children);
  rmSync(dataDir, { recursive: true, force: true });
});

const signIn = (port: number, password: string) =>
  fetch(`http://127.0.0.1:${port}/g/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@atende.local', password }),
  });

describe('a second start on the data folder of a running server', () => {
  it('is refused with who holds the folder; the first serves on, stops with 143 and starts again with its demo', async () => {
    const port = await freePort();
    const first = startMain({ port, dataDir, children });
    const [, password] = await first.line(/password: (\S+)/);
    await first.line(/Atende is running at/);

    const second = startMain({ port: await freePort(), dataDir, children });
    expect(await second.exited, second.output()).toBe(1);
    expect(second.output()).toContain(
      `Could not start: the embedded database in ${dataDir} is not usable (another Atende process (pid ${first.child.pid}) is using it`,
    );

    expect((await signIn(port, password)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited, first.output()).toBe(143);
    expect(first.output()).not.toContain('shutdown failed');

    const next = startMain({ port, dataDir, children });
    await next.line(/Atende is running at/);
    expect((await signIn(port, password)).status).toBe(200);
    next.child.kill('SIGTERM');
    expect(await next.exited, next.output()).toBe(143);
  }, 300_000);
});
