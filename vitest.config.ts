import { defineConfig } from 'vitest/config';

/**
 * Projects: unit (pure rules), int (server against a real database: PGlite, or PostgreSQL with
 * TEST_ENGINE=pg), web (components in jsdom), e2e (built app in Debian chromium).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'int',
          include: ['apps/server/src/**/*.int.test.ts'],
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // How many files run side by side, and whether a fork keeps its modules for its next file,
          // are the root's options (a project's poolOptions are not read): scripts/test.mjs passes
          // them on the command line.
          pool: 'forks',
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.tsx'],
          // Pages with several user steps take 1–3 s in jsdom alone; on a loaded 2-core runner the
          // 5 s default failed tests that were only slow.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/specs/**/*.e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // expect.poll waits for what the page shows after a server round trip (an AI suggestion,
          // figures after a filter change): its 1 s default failed inbox-ai once with the specs
          // running side by side on a loaded runner.
          expect: { poll: { timeout: 15_000 } },
          // Each spec starts its own server (fresh embedded database, own port, own SMTP sink) and
          // its own chromium; scripts/test.mjs runs two side by side.
          pool: 'forks',
        },
      },
    ],
  },
});
