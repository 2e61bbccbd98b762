import { defineConfig, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { writeSharedLocales } from './scripts/shared-locales';

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

/** Keeps src/locales/<lang>/errors.json and validation.json in step with packages/shared. */
function sharedLocales(): Plugin {
  return {
    name: 'atende-shared-locales',
    buildStart() {
      writeSharedLocales(fileURLToPath(new URL('./src/locales', import.meta.url)));
    },
  };
}

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [sharedLocales(), react(), versionFile()],
  define: { __FRONT_VERSION__: JSON.stringify(String(buildNumber)) },
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
