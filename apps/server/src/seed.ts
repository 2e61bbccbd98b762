import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TConfig } from './config';
import { users } from './platform/db/schema';
import * as authRepo from './modules/auth/auth.repo';
import { seedDemoContent } from './seed-demo';

export const DEMO_EMAIL = 'demo@atende.local';

/**
 * Seeds the demo account into an empty database only (no user yet), never in production. The
 * password is random and printed once by `npm start`. The account is filled with what a shop
 * would have after a day on the product (seed-demo.ts) so every page shows what it is for; if
 * that fails the account is still usable and the server starts.
 */
export async function seedDemoAccount(
  app: FastifyInstance,
  config: TConfig,
): Promise<{ email: string; password: string } | null> {
  if (config.isProduction || config.SEED_DEMO === 'false') return null;
  const { db } = app.platform.database;
  const [{ value }] = await db.select({ value: count() }).from(users);
  if (Number(value) > 0) return null;
  const { randomBytes } = await import('node:crypto');
  const password = `Demo-${randomBytes(6).toString('base64url')}9!`;
  const user = await authRepo.insertUser(db, {
    name: 'Demo',
    email: DEMO_EMAIL,
    phone: '+5511999990000',
    passwordHash: await app.platform.hasher.hash(password),
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
    const seeded = await seedDemoContent(app, { accountId: account._id, userId: user.id });
    app.log.info({ ...seeded, ms: Date.now() - started }, 'demo account content seeded');
  } catch (err) {
    app.log.error({ err }, 'demo account content could not be seeded');
  }
  return { email: DEMO_EMAIL, password };
}
