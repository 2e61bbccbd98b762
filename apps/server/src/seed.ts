import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TConfig } from './config';
import { users } from './platform/db/schema';
import * as authRepo from './modules/auth/auth.repo';
import { seedDemoContent, stopPoint } from './seed-demo';

export const DEMO_EMAIL = 'demo@atende.local';

/**
 * The demo user's password hash while its account is being filled: no password matches it. A first
 * start stopped meanwhile (Ctrl+C, a kill) leaves the user with it, and the next start makes the
 * demo again instead of keeping a half-made account whose password was never shown.
 */
export const DEMO_BEING_SEEDED = 'demo-being-seeded';

/**
 * Seeds the demo account into an empty database only (no user yet), never in production; or again
 * over the one a first start stopped while making it. The password is random and printed once by
 * `npm start`. The account is filled with what a shop would have after a day on the product
 * (seed-demo.ts) so every page shows what it is for; if that fails the account is still usable and
 * the server starts. The password opens the account only once it is made.
 */
export async function seedDemoAccount(
  app: FastifyInstance,
  config: TConfig,
  stop?: AbortSignal,
): Promise<{ email: string; password: string } | null> {
  if (config.isProduction || config.SEED_DEMO === 'false') return null;
  const { db } = app.platform.database;
  const [{ value }] = await db.select({ value: count() }).from(users);
  let user = Number(value) === 1 ? await authRepo.findUserByEmail(db, DEMO_EMAIL) : undefined;
  if (user?.passwordHash === DEMO_BEING_SEEDED) {
    for (const account of await app.services.accounts.listForUser(user.id)) {
      await stopPoint(stop);
      await app.services.accounts.remove(account._id, 'DELETE');
    }
    app.log.warn('the demo account was left half made by a stopped first start: it is made again');
  } else if (Number(value) > 0) return null;
  // A stop (Ctrl+C) from here on leaves the demo marked as being made: the next start makes it.
  app.log.info('making the demo account');
  await stopPoint(stop);
  const { randomBytes } = await import('node:crypto');
  const password = `Demo-${randomBytes(6).toString('base64url')}9!`;
  user ??= await authRepo.insertUser(db, {
    name: 'Demo',
    email: DEMO_EMAIL,
    phone: '+5511999990000',
    passwordHash: DEMO_BEING_SEEDED,
    lang: 'pt-BR',
    isConfirmed: true,
  });
  if (!user) return null;
  const account = await app.services.accounts.create(user.id, {
    plan: 'pro',
    name: 'Demo Atende',
    companyIndustry: 'Varejo',
    companyGoal: 'Atendimento',
    companyEmployeeCount: '11-50',
  });
  try {
    const started = Date.now();
    const seeded = await seedDemoContent(app, { accountId: account._id, userId: user.id }, stop);
    app.log.info({ ...seeded, ms: Date.now() - started }, 'demo account content seeded');
  } catch (err) {
    if (stop?.aborted) throw err;
    app.log.error({ err }, 'demo account content could not be seeded');
  }
  await authRepo.updateUserRow(db, user.id, { passwordHash: await app.platform.hasher.hash(password) });
  return { email: DEMO_EMAIL, password };
}
