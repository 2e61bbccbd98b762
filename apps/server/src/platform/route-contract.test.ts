import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The route contract (platform/tenant-route.ts): tenant routes are declared with tenantRoute,
 * which gates them with requireTenant(role) and hands the handler a non-null ctx.tenant. A routes
 * file never reads `request.tenant!` and never wires requireTenant itself, except the documented
 * mixed gates listed here (a signed link OR a session).
 */
const MIXED_GATES = ['modules/inbox/intake/inbound-media.routes.ts'];
const src = join(dirname(fileURLToPath(import.meta.url)), '..');

function routeFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) routeFiles(path, out);
    else if (name.endsWith('.routes.ts')) out.push(path);
  }
  return out;
}

describe('route contract', () => {
  const files = routeFiles(join(src, 'modules')).map((f) => [relative(src, f), readFileSync(f, 'utf8')]);

  it('finds the routes files', () => {
    expect(files.map(([f]) => f)).toContain('modules/contacts/contacts.routes.ts');
  });

  it('no routes file reads request.tenant! (ctx.tenant is non-null)', () => {
    expect(files.filter(([, text]) => text.includes('request.tenant!')).map(([f]) => f)).toEqual([]);
  });

  it('tenant routes are gated through tenantRoute, not a hand-wired requireTenant', () => {
    const wired = files.filter(([f, text]) => text.includes('requireTenant(') && !MIXED_GATES.includes(f));
    expect(wired.map(([f]) => f)).toEqual([]);
  });

  it('the query schema of the account is defined once (ZAccQuery), not per file', () => {
    const local = files.filter(([, text]) => /const accQuery\s*=/.test(text));
    expect(local.map(([f]) => f)).toEqual([]);
  });
});
