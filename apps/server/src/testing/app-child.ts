// The app as a real child process (testing/app-process.ts) on a PostgreSQL database of the test's
// choosing: for tests about what happens to a whole process (it must not exit, its PID stays).
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { TEST_JWT_SECRET } from './helpers';

export interface TAppChild {
  child: ChildProcess;
  pid: number;
  /** http://127.0.0.1:<port> */
  url: string;
  /** Still running (no exit seen, and the PID answers signal 0). */
  alive(): boolean;
  /** The last lines the process wrote (its log when APP_LOG_LEVEL is set), for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export async function startAppChild(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<TAppChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/testing/app-process.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET: TEST_JWT_SECRET, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  const keep = (line: string) => {
    tail.push(line.slice(0, 2_000));
    if (tail.length > 200) tail.shift();
  };
  createInterface({ input: child.stderr! }).on('line', keep);
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code, signal) =>
      reject(new Error(`app process exited with ${code ?? signal}:\n${tail.join('\n')}`)),
    );
    lines.on('line', (line) => {
      if (line.startsWith('{"port"')) resolve(JSON.parse(line).port);
      else keep(line);
    });
  });
  const alive = () => {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    try {
      process.kill(child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  return {
    child,
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    alive,
    output: () => tail.join('\n'),
    stop: async () => {
      if (!alive()) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
