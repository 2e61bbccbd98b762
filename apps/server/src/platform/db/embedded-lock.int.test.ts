import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from './client';

/**
 * The embedded database is one process's at a time: a second opening of the same data folder is
 * refused (it used to open PGlite under the first, whose database never opened again), and a lock
 * left by a process that is gone does not keep the folder closed.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'atende-lock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database folder', () => {
  it('refuses a second opening while one holds it, saying who holds it; free again once closed', async () => {
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(
        `another Atende process (pid ${process.pid}) is using it; stop that one first, or remove ${join(dataDir, 'pgdata.lock')} if it is not running`,
      );
      // The first one is untouched by the refused opening.
      expect(rowsOf(await first.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir });
    await again.close();
  }, 120_000);

  it('takes over a lock left by a process that is gone (killed)', async () => {
    // A process that ran and ended: its pid is no longer running.
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(join(dataDir, 'pgdata.lock'), gone.stdout.toString());
    const database = await openDatabase({ dataDir });
    await database.close();
  }, 120_000);

  it("takes over a lock naming this process's own pid that it does not hold (a restarted container's server has the same pid)", async () => {
    writeFileSync(join(dataDir, 'pgdata.lock'), String(process.pid));
    const database = await openDatabase({ dataDir });
    await database.close();
  }, 120_000);
});
