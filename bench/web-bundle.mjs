#!/usr/bin/env node
/**
 * web-bundle: gzip size of the JavaScript the login route loads first (the entry chunk, its static
 * imports, and the login page chunk with its static imports) and of the largest chunk, from the
 * built apps/web/dist (run `npm run build -w @atende/web` first, or pass --build).
 * Prints one JSON line per figure (DESIGN.md §7).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');
const LOGIN_SRC = 'src/features/auth/login-page.tsx';

if (process.argv.includes('--build') || !existsSync(manifestPath)) {
  execFileSync('npm', ['run', 'build', '-w', '@atende/web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;

/** The chunk files a manifest entry loads up front: itself and its static imports, recursively. */
function staticClosure(key, seen = new Set()) {
  const item = manifest[key];
  if (!item || seen.has(item.file)) return seen;
  seen.add(item.file);
  for (const dep of item.imports ?? []) staticClosure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const loginKey = Object.keys(manifest).find((k) => manifest[k].src === LOGIN_SRC || k === LOGIN_SRC);
if (!entryKey || !loginKey) throw new Error('entry or login chunk not found in the Vite manifest');
const files = staticClosure(loginKey, staticClosure(entryKey));
const loginKb = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipKb(f), 0);

const chunks = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
const largest = chunks.map((f) => ({ f, kb: gzipKb(join('assets', f)) })).sort((a, b) => b.kb - a.kb)[0];
const round = (n) => Math.round(n * 10) / 10;
const context = { chunks: chunks.length, login_files: files.size };

console.log(
  JSON.stringify({
    bench: 'web-bundle',
    metric: 'login_initial_js_gzip_kb',
    value: round(loginKb),
    unit: 'kB',
    goal: 150, // also enforced by every build (apps/web/scripts/login-budget.ts)
    better: 'lower',
    ...context,
  }),
);
console.log(
  JSON.stringify({
    bench: 'web-bundle',
    metric: 'largest_chunk_gzip_kb',
    value: round(largest.kb),
    unit: 'kB',
    better: 'lower',
    chunk: largest.f,
  }),
);
