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
          pool: 'forks',
          // Files run side by side (each copies the migrated template database): on PostgreSQL most
          // of a file's time is waiting on the server and on child processes, so three overlap well;
          // PGlite runs the database in the test process and keeps to two.
          poolOptions: { forks: { maxForks: process.env.TEST_ENGINE === 'pg' ? 3 : 2, minForks: 1 } },
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
          pool: 'forks',
          // Each spec starts its own server (fresh embedded database, own port, own SMTP sink) and
          // its own chromium, so two specs run side by side: a spec spends much of its time waiting
          // on the browser's debounces and polls.
          poolOptions: { forks: { maxForks: 2, minForks: 1 } },
        },
      },
    ],
  },
});
