import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, pgliteExtensions, type TDatabase } from '../platform/db/client';
import { runMigrations } from '../platform/db/migrate';
import { Jobs } from '../platform/jobs';

/** Which engine integration tests run on: TEST_ENGINE=pg uses TEST_DATABASE_URL's server. */
export type TEngine = 'pglite' | 'pg';
export function testEngine(): TEngine {
  return process.env.TEST_ENGINE === 'pg' ? 'pg' : 'pglite';
}

const silentLog = {
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => silentLog,
  level: 'silent',
} as never;

function serverUrl(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  url.pathname = `/${database}`;
  return url.toString();
}

async function adminQuery(sql: string) {
  const client = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Migrates once (schema plus the job queue's tables); returns what each test file copies. */
export async function prepareTemplate(engine: TEngine): Promise<string> {
  if (engine === 'pglite') {
    const pglite = await PGlite.create({ extensions: await pgliteExtensions() });
    const database = await openDatabase({ pglite });
    await runMigrations(database);
    const jobs = new Jobs(database, silentLog);
    await jobs.start(false);
    await jobs.stop();
    const dump = await pglite.dumpDataDir('gzip');
    const file = join(tmpdir(), `atende-pglite-${process.pid}-${randomBytes(4).toString('hex')}.tar.gz`);
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    await pglite.close();
    return file;
  }
  const name = `atende_tpl_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const database = await openDatabase({ databaseUrl: serverUrl(name), poolSize: 2 });
  await runMigrations(database);
  const jobs = new Jobs(database, silentLog);
  await jobs.start(false);
  await jobs.stop();
  await database.close();
  return name;
}

export async function dropTemplate(engine: TEngine, template: string) {
  if (engine === 'pg') await adminQuery(`drop database if exists ${template} with (force)`);
}

export interface TTestDatabase {
  database: TDatabase;
  /** Closes and, on PostgreSQL, drops this file's database. */
  destroy(): Promise<void>;
}

/** A fresh database for one test file, copied from the migrated template. */
export async function openTestDatabase(engine: TEngine, template: string): Promise<TTestDatabase> {
  if (engine === 'pglite') {
    const blob = new Blob([await readFile(template)]);
    const pglite = await PGlite.create({ loadDataDir: blob, extensions: await pgliteExtensions() });
    const database = await openDatabase({ pglite });
    return { database, destroy: () => database.close() };
  }
  const name = `atende_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${template}`);
  // A test database is thrown away: its commits need not wait for the WAL flush (the server never
  // crashes in a test; an app process killed with kill -9 still finds every committed row).
  await adminQuery(`alter database ${name} set synchronous_commit = off`);
  const database = await openDatabase({ databaseUrl: serverUrl(name), poolSize: 5 });
  return {
    database,
    destroy: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}
