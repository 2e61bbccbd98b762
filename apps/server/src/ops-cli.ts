// `npm run ops -- <command>` (issue 13): the installation operator's CLI. It opens the same
// database as the server (same environment) and goes through the same OpsService as the operator
// API, so every change is validated and written to the account's activity log.
import { errorMessage } from '@atende/shared';
import { ZodError } from 'zod';
import { buildApp } from './app';
import { ConfigError, loadConfig, type TConfig } from './config';
import { AppError } from './platform/errors';
import { OPS_USAGE, OpsUsageError, parseOpsArgs, type TOpsCommand } from './modules/ops/ops-cli-args';

/** The embedded database allows one process: refuse while a server on it answers. */
async function serverOnEmbeddedDatabase(config: TConfig): Promise<boolean> {
  if (config.DATABASE_URL) return false;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  try {
    const res = await fetch(`http://${host}:${config.PORT}/healthz`, { signal: AbortSignal.timeout(1500) });
    return res.ok;
  } catch {
    return false;
  }
}

async function run(command: Exclude<TOpsCommand, { command: 'help' }>): Promise<unknown> {
  const app = await buildApp({ workers: false, logger: false });
  try {
    const ops = app.services.ops;
    const origin = { via: 'cli' as const };
    switch (command.command) {
      case 'account:show':
        return await ops.show(command.ref);
      case 'account:set':
        return await ops.set(command.ref, command.patch, origin);
      case 'account:sms-credit':
        return await ops.topUpSms(command.ref, { amount: command.amount }, origin);
      case 'coupon:create':
        return await ops.createCoupon(command.body);
      case 'coupon:list':
        return await ops.listCoupons();
    }
  } finally {
    await app.close();
  }
}

async function main(argv: string[]) {
  // npm runs workspace scripts in apps/server: relative paths (DATA_DIR) are the caller's.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  let command: TOpsCommand;
  try {
    command = parseOpsArgs(argv);
  } catch (error) {
    if (!(error instanceof OpsUsageError)) throw error;
    console.error(`${error.message}\n\n${OPS_USAGE}`);
    return 2;
  }
  if (command.command === 'help') {
    console.log(OPS_USAGE);
    return 0;
  }
  let config: TConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 2;
  }
  if (await serverOnEmbeddedDatabase(config)) {
    console.error(
      `The server is running on the embedded database in ${config.DATA_DIR}, which one process at a time may open.\n` +
        'Stop it first, or use the operator API (OPS_TOKEN) — see README, "Operating an installation".',
    );
    return 1;
  }
  try {
    console.log(JSON.stringify(await run(command), null, 2));
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      const details = error.details ? ` ${JSON.stringify(error.details)}` : '';
      console.error(`${error.code}: ${errorMessage(error.code, 'en', error.params)}${details}`);
      return 1;
    }
    if (error instanceof ZodError) {
      for (const issue of error.issues) console.error(`${issue.path.join('.') || 'input'}: ${issue.message}`);
      return 1;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
