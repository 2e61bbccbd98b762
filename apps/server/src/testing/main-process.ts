import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A port free right now on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * `npm start`'s server (main.ts) on the embedded database in `dataDir`, as a first-time user runs
 * it (no DATABASE_URL, NODE_ENV, SEED_DEMO, REDIS_URL nor LOG_LEVEL from the test's environment),
 * its output gathered; waits on lines, never on time. `children` collects it for the test's cleanup.
 */
export function startMain(options: { port: number; dataDir: string; children: ChildProcess[] }) {
  const main = new URL('../main.ts', import.meta.url).pathname;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
  };
  for (const key of ['DATABASE_URL', 'NODE_ENV', 'SEED_DEMO', 'REDIS_URL', 'LOG_LEVEL']) delete env[key];
  const child = spawn(process.execPath, ['--import', 'tsx', main], { env, stdio: 'pipe' });
  options.children.push(child);
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

/** Ends the children a test left running (a failed assertion before their stop). */
export function killLeftRunning(children: ChildProcess[]) {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
