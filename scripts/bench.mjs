// npm run bench -- <name>: runs bench/<name>.ts on PostgreSQL (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/bench, created if missing). Each prints JSON lines.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const name = process.argv[2];
const available = readdirSync(resolve(root, 'bench'))
  .filter((f) => /\.(ts|mjs)$/.test(f) && !f.startsWith('_'))
  .map((f) => f.replace(/\.(ts|mjs)$/, ''));
if (!name || !available.includes(name)) {
  console.error(`usage: npm run bench -- <name>\navailable: ${available.join(', ')}`);
  process.exit(2);
}
const file = ['ts', 'mjs'].map((ext) => resolve(root, `bench/${name}.${ext}`)).find(existsSync);
const args = file.endsWith('.ts') ? ['--import', 'tsx', file] : [file];
const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
