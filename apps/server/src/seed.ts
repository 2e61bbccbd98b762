import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TConfig } from './config';
import { users } from './platform/db/schema';
import * as authRepo from './modules/auth/auth.repo';

export const DEMO_EMAIL = 'demo@atende.local';

/**
 * Seeds the demo account into an empty database only, never in production. The password is
 * random and printed once by `npm start`.
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
  await app.services.accounts.create(user.id, {
    plan: 'pro',
    name: 'Demo Atende',
    companyIndustry: 'Varejo',
    companyGoal: 'Atendimento',
    companyEmployeeCount: '11-50',
  });
  return { email: DEMO_EMAIL, password };
}
