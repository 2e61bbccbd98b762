// Strict type-check of every workspace (tsc --noEmit per project).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const hasTs = (dir) =>
  readdirSync(dir, { withFileTypes: true, recursive: true }).some(
    (e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.parentPath.includes('node_modules'),
  );
const projects = ['packages/shared', 'apps/server', 'apps/web', 'e2e', 'bench'].filter(
  (p) => existsSync(`${p}/tsconfig.json`) && hasTs(p),
);
let failed = false;
for (const project of projects) {
  const result = spawnSync('npx', ['tsc', '--noEmit', '-p', project], { stdio: 'inherit' });
  console.log(`${result.status === 0 ? '✓' : '✗'} tsc ${project}`);
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
