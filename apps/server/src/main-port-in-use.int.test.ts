import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm start`'s first run on a machine whose port is taken: the demo's password (shown once) is
 * printed before the server listens, and the start ends with a clear line, not a hanging process.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'atende-port-in-use-'));
let busy: Server;
let port: number;
let child: ReturnType<typeof spawn> | undefined;

beforeAll(async () => {
  busy = createServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  port = (busy.address() as { port: number }).port;
});
afterAll(() => {
  child?.kill('SIGKILL');
  busy?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a first start on a port in use', () => {
  it('prints the demo password, says the port is taken and exits with 1', async () => {
    const main = new URL('./main.ts', import.meta.url).pathname;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    };
    for (const key of ['DATABASE_URL', 'NODE_ENV', 'SEED_DEMO', 'REDIS_URL']) delete env[key];
    const started = spawn(process.execPath, ['--import', 'tsx', main], { env, stdio: 'pipe' });
    child = started;
    let out = '';
    started.stdout.on('data', (chunk) => {
      out += chunk;
    });
    started.stderr.on('data', (chunk) => {
      out += chunk;
    });
    const code = await new Promise<number | null>((resolve) => started.once('exit', resolve));
    expect(code, out).toBe(1);
    expect(out).toMatch(/password: \S+/);
    expect(out).toContain(`Could not start: port ${port} is already in use`);
  }, 240_000);
});
