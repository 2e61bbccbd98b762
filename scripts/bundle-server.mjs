// Bundles a server entry (with packages/shared) into one ESM file; npm dependencies stay external.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export async function bundleServer(entry, outfile) {
  const pkg = JSON.parse(readFileSync(resolve(root, 'apps/server/package.json'), 'utf8'));
  const shared = JSON.parse(readFileSync(resolve(root, 'packages/shared/package.json'), 'utf8'));
  const external = [...Object.keys(pkg.dependencies), ...Object.keys(shared.dependencies)].filter(
    (d) => !d.startsWith('@atende/'),
  );
  await build({
    entryPoints: [resolve(root, entry)],
    outfile: resolve(root, outfile),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: [...external, ...external.map((d) => `${d}/*`)],
    logLevel: 'warning',
  });
}
