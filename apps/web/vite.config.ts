import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { loginBudget } from './scripts/login-budget';
import { readFileSync } from 'node:fs';

/** The app's version (package.json), shown in the user menu (issue 13). */
const appVersion = String(
  JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).version,
);

/** Build number: Date.now() at build time. Sent as Front-Version and written to dist/version.json. */
const buildNumber = Date.now();

function versionFile(): Plugin {
  return {
    name: 'atende-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ version: String(buildNumber) })}\n`,
      });
    },
  };
}

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), versionFile(), loginBudget()],
  define: {
    __FRONT_VERSION__: JSON.stringify(String(buildNumber)),
    __APP_VERSION__: JSON.stringify(appVersion),
  },
  server: {
    port: 5173,
    proxy: {
      '/g': api,
      '/p': api,
      '/webhooks': api,
      '/docs': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      treeshake: {
        // packages/shared (constants, functions, zod schemas) and libphonenumber-js are side-effect free:
        // what the login route does not use stays out of its chunks.
        moduleSideEffects: (id) => !/[\\/](packages[\\/]shared|libphonenumber-js)[\\/]/.test(id),
        manualPureFunctions: ['z'],
      },
    },
  },
});
