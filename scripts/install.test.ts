// What `npm ci` and a newcomer's first `npm start` rely on, checked from the lockfile alone
// (.ci/run also runs `npm ci` for other platforms with --dry-run and checks the tree stays clean).
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (path: string) => JSON.parse(readFileSync(resolve(root, path), 'utf8'));

type TLocked = {
  version?: string;
  link?: boolean;
  optional?: boolean;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
const lock: { packages: Record<string, TLocked> } = readJson('package-lock.json');
const rootPackage = readJson('package.json');

/** The lockfile entry Node's resolution would find for `name` required from the package at `from`. */
function resolveLocked(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
    const at = dir.lastIndexOf('/node_modules/');
    dir = at === -1 ? '' : dir.slice(0, at);
  }
}

/**
 * Packages whose declared engines exclude the Node the README promises, each with the reason it is
 * kept. Every release of pg-boss since 11 declares Node >= 22; 12 is the line with the API the job
 * queue uses (the PGlite adapter, LISTEN/NOTIFY, per-job results of a batch) and it runs, and is
 * tested, on Node 20.19+.
 */
const ENGINE_EXCEPTIONS: Record<string, string> = {
  'pg-boss': 'declares node >= 22.12; no release with the API we use declares Node 20',
};

describe('package-lock.json', () => {
  it('records every platform build of every optional dependency, so npm ci accepts it anywhere', () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (entry.link) continue;
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (!resolveLocked(path, name))
          missing.push(`${name} (optional dependency of ${path || 'the root'})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('holds only packages whose declared Node engines admit the Node the README promises', () => {
    const promised = semver.minVersion(rootPackage.engines.node)!.version;
    const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
    expect(readme).toContain(`Node.js ≥ ${promised.replace(/\.0$/, '')}`);
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const range = entry.engines?.node;
      if (!path || entry.optional || !range || semver.satisfies(promised, range)) continue;
      const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
      if (!ENGINE_EXCEPTIONS[name]) refused.push(`${name}@${entry.version} wants node ${range}`);
    }
    expect(refused).toEqual([]);
  });
});
