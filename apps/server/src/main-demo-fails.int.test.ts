import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './platform/db/client';
import { runMigrations } from './platform/db/migrate';
import { freePort, killLeftRunning, startMain } from './testing/main-process';

/**
 * `npm start`'s first run on a database that refuses the demo account (a database error while it
 * is made): the start says so, and serves anyway, so the product is usable (one can sign up)
 * instead of a process that never listens. The embedded database is migrated here and given a
 * rule (a trigger) that refuses the demo's account, as a database error would.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'atende-demo-fails-'));
const children: ChildProcess[] = [];
afterAll(() => {
  killLeftRunning(children);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a first start whose demo account cannot be made', () => {
  it('says why, serves anyway (sign-up works) and stops cleanly', async () => {
    const database = await openDatabase({ dataDir });
    try {
      await runMigrations(database);
      await database.db.execute(sql`
        create function refuse_demo() returns trigger language plpgsql as $$
        begin raise exception 'no room for the demo account'; end $$`);
      await database.db.execute(sql`
        create trigger refuse_demo before insert on accounts
        for each row when (new.name = 'Demo Atende') execute function refuse_demo()`);
    } finally {
      await database.close();
    }

    const port = await freePort();
    const server = startMain({ port, dataDir, children });
    await server.line(/Atende is running at/);
    // The log's entry (with the error) may come after the lines written straight to the console.
    const [logged] = await server.line(/\{[^\n]*"msg":"demo account could not be made"[^\n]*\}/);
    expect(JSON.parse(logged)).toMatchObject({ level: 50, err: { message: expect.any(String) } });
    const out = server.output();
    expect(out).toContain(
      'The demo account could not be made (no room for the demo account); the next start makes it again if no one has signed up by then.',
    );
    expect(out).not.toMatch(/password: \S+/);
    expect(out).not.toContain('unhandled rejection');

    const signUp = await fetch(`http://127.0.0.1:${port}/g/auth/setup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Ana Souza',
        phone: '(11) 98765-4321',
        email: 'ana@example.com',
        password: 'Str0ng!Pass',
        plan: 'pro',
        companyName: 'Loja da Ana',
        companyIndustry: 'Varejo',
        companyEmployees: '1-10',
      }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    expect(((await signUp.json()) as { data: { acc: unknown } }).data.acc).toEqual(expect.any(String));

    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(143);
    expect(server.output()).toContain('Stopped (SIGTERM).');
  }, 300_000);
});
