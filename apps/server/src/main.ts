import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { seedDemoAccount } from './seed';
import { stopExitCode, type TStopSignal, watchStopSignals } from './stop-signals';

type TApp = Awaited<ReturnType<typeof buildApp>>;

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  // Watched before the database opens: a Ctrl+C (or a SIGTERM) while it opens, migrates or makes
  // the demo (seconds, on a first start) ends that step, closes the database and exits, as it does
  // once the server listens. A second Ctrl+C while closing exits at once.
  const stop = watchStopSignals({
    onStop: (signal) =>
      console.log(`\n  Stopping...${signal === 'SIGINT' ? ' (press Ctrl+C again to force)' : ''}`),
    onForce: (signal) => {
      console.log(`  Stopped (${signal}) before the database was closed.`);
      process.exit(stopExitCode(signal));
    },
  });
  const stopped = () => stop.signal.aborted;
  let app: TApp;
  try {
    app = await buildApp();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const where = config.DATABASE_URL ? 'DATABASE_URL' : `the embedded database in ${config.DATA_DIR}`;
    console.error(`Could not start: ${where} is not usable (${reason})`);
    process.exit(1);
  }
  if (stopped()) return closeAndExit(app, stop.signal.reason);
  // Issue 13: a crash is reported (SENTRY_DSN) before the process goes down; a stray rejection too.
  process.on('uncaughtException', (error) => {
    app.log.fatal({ err: error }, 'uncaught exception');
    app.platform.errorReporter.capture(error, { level: 'fatal' });
    void app.platform.errorReporter.flush(2_000).finally(() => process.exit(1));
  });
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'unhandled rejection');
    app.platform.errorReporter.capture(reason);
  });
  let demo: Awaited<ReturnType<typeof seedDemoAccount>> = null;
  try {
    demo = await seedDemoAccount(app, config, stop.signal);
  } catch (error) {
    // Stopped midway: the demo stays marked as being made, and the next start makes it again.
    if (!stopped()) throw error;
  }
  // Shown before listening: a port in use must not lose the only copy of the password; nor a
  // stop that came once the demo was made.
  if (demo) {
    console.log(
      `\n  Demo account created (shown once):\n    e-mail:   ${demo.email}\n    password: ${demo.password}\n`,
    );
  }
  if (stopped()) return closeAndExit(app, stop.signal.reason);
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === 'EADDRINUSE'
        ? `Could not start: port ${config.PORT} is already in use (set PORT to a free one, e.g. PORT=3001 npm start)`
        : `Could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
    await app.close().catch(() => undefined);
    process.exit(1);
  }
  if (stopped()) return closeAndExit(app, stop.signal.reason);
  console.log(`  Atende is running at ${config.APP_URL}  (API docs: ${config.APP_URL}/docs)\n`);
  stop.signal.addEventListener('abort', () => void closeAndExit(app, stop.signal.reason), { once: true });
}

/** Drains requests and jobs, closes the database, and exits with the signal's code (130, 143). */
async function closeAndExit(app: TApp, signal: TStopSignal): Promise<void> {
  app.log.info({ signal }, 'shutting down: draining requests and jobs');
  const timer = setTimeout(() => {
    console.error('  Could not close within 20 s: stopped without it.');
    process.exit(1);
  }, 20_000);
  timer.unref();
  try {
    await app.close();
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
  console.log(`  Stopped (${signal}).`);
  process.exit(stopExitCode(signal));
}

void main();
