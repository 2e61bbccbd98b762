import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { seedDemoAccount } from './seed';

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
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const where = config.DATABASE_URL ? 'DATABASE_URL' : `the embedded database in ${config.DATA_DIR}`;
    console.error(`Could not start: ${where} is not usable (${reason})`);
    process.exit(1);
  }
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
  const demo = await seedDemoAccount(app, config);
  // Shown before listening: a port in use must not lose the only copy of the password.
  if (demo) {
    console.log(
      `\n  Demo account created (shown once):\n    e-mail:   ${demo.email}\n    password: ${demo.password}\n`,
    );
  }
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
  console.log(`  Atende is running at ${config.APP_URL}  (API docs: ${config.APP_URL}/docs)\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests and jobs');
    const timer = setTimeout(() => process.exit(1), 20_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

void main();
