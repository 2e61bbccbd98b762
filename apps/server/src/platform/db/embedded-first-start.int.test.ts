import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '../../testing/helpers';
import { openDatabase, rowsOf } from './client';
import { runMigrations } from './migrate';
import { users } from './schema';

/**
 * The embedded database's first start, stopped (Ctrl+C or a kill during `npm start`'s first run)
 * while PGlite makes the new cluster: the folder must still open at the next start.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'atende-first-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('an embedded database whose first start was killed while the cluster was being made', () => {
  it('opens at the next start, migrates and keeps what is written', async () => {
    const client = new URL('./client.ts', import.meta.url).href;
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `await (await import(${JSON.stringify(client)})).openDatabase({ dataDir: process.argv[1] });`,
        dataDir,
      ],
      { stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Killed as soon as the new cluster has its first file, long before it is complete.
    const started = () =>
      readdirSync(dataDir).some((folder) => existsSync(join(dataDir, folder, 'PG_VERSION')));
    await until(() => Promise.resolve(started() || undefined), 60_000);
    child.kill('SIGKILL');
    await exited;

    const database = await openDatabase({ dataDir });
    try {
      await runMigrations(database);
      await database.db.insert(users).values({ name: 'Ana', email: 'ana@example.com', passwordHash: 'x' });
    } finally {
      await database.close();
    }
    const again = await openDatabase({ dataDir });
    try {
      const rows = await again.db.execute(sql`select email from users`);
      expect(rowsOf(rows)).toEqual([{ email: 'ana@example.com' }]);
    } finally {
      await again.close();
    }
  }, 120_000);
});
