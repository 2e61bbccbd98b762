// Bundles apps/server/src/main.ts (with packages/shared) into apps/server/dist/main.js.
// npm dependencies stay external and load from node_modules.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(resolve(root, 'apps/server/package.json'), 'utf8'));
const shared = JSON.parse(readFileSync(resolve(root, 'packages/shared/package.json'), 'utf8'));
const external = [...Object.keys(pkg.dependencies), ...Object.keys(shared.dependencies)].filter(
  (d) => !d.startsWith('@atende/'),
);

await build({
  entryPoints: [resolve(root, 'apps/server/src/main.ts')],
  outfile: resolve(root, 'apps/server/dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  logLevel: 'warning',
});
console.log('server built: apps/server/dist/main.js');
