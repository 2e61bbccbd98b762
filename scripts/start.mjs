// npm start: installs when needed, builds what changed, then serves API + web on PORT
// (embedded PostgreSQL in DATA_DIR unless DATABASE_URL is set). Migrations and the demo
// account (first run only) happen when the server starts.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

function newestMtime(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}
const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

if (!existsSync(join(root, 'node_modules/.package-lock.json'))) {
  console.log('Installing dependencies (npm ci)...');
  // Exactly the locked versions, never a rewrite of package-lock.json: the lockfile records every
  // platform's optional builds (scripts/install.test.ts checks it), so npm ci works everywhere.
  run('npm', ['ci', '--no-audit', '--no-fund']);
}
const sharedAt = newestMtime(join(root, 'packages/shared'));
if (
  Math.max(sharedAt, newestMtime(join(root, 'apps/web'))) > builtAt(join(root, 'apps/web/dist/index.html'))
) {
  console.log('Building the web app...');
  // Errors only: the list of every built asset is of no use to someone starting the app.
  run('npm', ['run', '--silent', 'build', '-w', '@atende/web', '--', '--logLevel', 'error']);
}
if (
  Math.max(sharedAt, newestMtime(join(root, 'apps/server/src'))) >
  builtAt(join(root, 'apps/server/dist/main.js'))
) {
  run('node', ['scripts/build-server.mjs']);
}

const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
