import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { seedDemoAccount } from './seed';
import { stopExitCode, type TStopSignal, watchStopSignals } from './stop-signals';

type TApp = Awaited<ReturnType<typeof buildApp>>;

/** The app once built: closed (its database too) when the start fails after it. */
let built: TApp | undefined;

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
  built = app;
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
    // Stopped midway, or failed (a database error): what was made of the demo stays marked as
    // being made, and the next start makes it again (seed.ts). A failure is said, and the server
    // starts without it.
    if (!stopped()) demoNotMade(app, error);
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

/**
 * The demo could not be made: logged and reported with the error, and said in one line; the server
 * starts anyway (one can sign up). The next start makes the demo again while the demo user is the
 * only user (seed.ts): not once someone has signed up.
 */
function demoNotMade(app: TApp, error: unknown) {
  app.log.error({ err: error }, 'demo account could not be made');
  app.platform.errorReporter.capture(error);
  console.error(
    `\n  The demo account could not be made (${reasonOf(error)}); the next start makes it again if no one has signed up by then.\n`,
  );
}

/** An error's own words: a failed query's database message, not drizzle's "Failed query: <sql>". */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  return error.message.startsWith('Failed query') && cause instanceof Error ? cause.message : error.message;
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

// Any other failure to start ends the process with a line saying why, never a process left hanging.
main().catch(async (error: unknown) => {
  console.error(`Could not start: ${reasonOf(error)}`);
  process.exitCode = 1;
  if (built) {
    built.log.error({ err: error }, 'start failed');
    setTimeout(() => process.exit(1), 20_000).unref();
    await built.close().catch(() => undefined);
  }
  process.exit(1);
});
