import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { TDatabase } from './client';

/** The drizzle/ folder, found from here whether running from src/, the built dist/ or a bundle elsewhere in the repo. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    for (const candidate of [resolve(dir, 'drizzle'), resolve(dir, 'apps/server/drizzle')]) {
      if (existsSync(resolve(candidate, 'meta/_journal.json'))) return candidate;
    }
    dir = dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}

const MIGRATION_LOCK = 727_274_001;

/** Applies pending migrations; on PostgreSQL under an advisory lock so several nodes may start at once. */
export async function runMigrations(database: TDatabase): Promise<void> {
  const migrationsFolderPath = migrationsFolder();
  if (database.kind === 'pglite') {
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as never, { migrationsFolder: migrationsFolderPath });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const { drizzle } = await import('drizzle-orm/node-postgres');
    await migratePg(drizzle(client), { migrationsFolder: migrationsFolderPath });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
