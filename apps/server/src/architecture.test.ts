import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The architecture's import rules (DESIGN.md §2, §6b), checked on every source file:
 * - a module never imports another module's repository or presenter (it calls its service; a
 *   repository may read another module's tables in a join through its *.schema file);
 * - platform/ never imports a module (the schema registry excepted);
 * - providers/ (channel adapters: no SQL, no state) never import a module.
 * Tests and test support (testing/, *.testing.ts) may reach anywhere.
 */
const src = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'testing' && !name.startsWith('.')) sourceFiles(path, out);
    } else if (name.endsWith('.ts') && !/\.test\.ts$|\.testing\.ts$/.test(name)) out.push(path);
  }
  return out;
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g))
    found.push(relative(src, resolve(dirname(file), m[1])));
  return found;
}

/** 'modules/inbox/x/y.ts' → 'inbox'; anything else → undefined. */
const moduleOf = (path: string) => (path.startsWith('modules/') ? path.split('/')[1] : undefined);

function violations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(src)) {
    const from = relative(src, file);
    for (const target of importsOf(file)) {
      const own = moduleOf(from);
      const other = moduleOf(target);
      if (own && other && own !== other && /\.(repo|presenter)$/.test(target))
        found.push(`${from} → ${target} (another module's repository or presenter)`);
      if (from.startsWith('platform/') && target.startsWith('modules/') && from !== 'platform/db/schema.ts')
        found.push(`${from} → ${target} (platform imports a module)`);
      if (from.startsWith('providers/') && target.startsWith('modules/'))
        found.push(`${from} → ${target} (a provider adapter imports a module)`);
    }
  }
  return found;
}

describe('architecture', () => {
  it('no module imports another module’s repository or presenter; platform and providers import no module', () => {
    expect(violations()).toEqual([]);
  });

  it('the rules are really checked (a file that breaks them is found)', () => {
    const files = sourceFiles(src).map((f) => relative(src, f));
    expect(files).toContain('modules/inbox/inbox.module.ts');
    expect(files).toContain('platform/events.ts');
    expect(files.some((f) => f.startsWith('providers/'))).toBe(true);
    expect(importsOf(join(src, 'modules/inbox/inbox.module.ts'))).toContain('platform/module');
  });
});
