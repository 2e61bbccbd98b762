// Bundles apps/server/src/main.ts (with packages/shared) into apps/server/dist/main.js.
import { bundleServer } from './bundle-server.mjs';

await bundleServer('apps/server/src/main.ts', 'apps/server/dist/main.js');
console.log('server built: apps/server/dist/main.js');
