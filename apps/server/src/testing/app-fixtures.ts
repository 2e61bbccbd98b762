// Set-ups several integration test files share: an app with two accounts and an owner's API call,
// a team with one member of each role, and an app whose WhatsApp Graph API is a fake.
import { afterAll, beforeAll } from 'vitest';
import type { TConfig } from '../config';
import { withAcc } from '../modules/inbox/testing/inbox.testing';
import { insertWhatsAppChannel, type TTestChannel } from '../modules/inbox/testing/intake.testing';
import { FakeWhatsApp } from './fake-whatsapp';
import { addMember, signUp, type TSignedUp } from './fixtures';
import { api, startTestApp, type TApiResponse, type TTestApp } from './test-app';

/** The message of NOT_AUTHORIZED in English. */
export const NOT_AUTHORIZED = "You don't have access to this feature, talk to your account administrator";

export type TMemberSession = Awaited<ReturnType<typeof addMember>>;

export interface TCallOptions {
  token?: string;
  body?: unknown;
  acc?: string;
  lang?: string;
}

export interface TTwoAccounts {
  ctx: TTestApp;
  owner: TSignedUp;
  other: TSignedUp;
  /** `api` on the owner's account as the owner, in English, unless the options say otherwise. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options?: TCallOptions,
  ): Promise<TApiResponse>;
}

/**
 * The file's app, with two confirmed users, each with their own account: `owner` and `other` (for
 * isolation checks). Started before the file's tests and closed after them: read it inside them.
 */
export function useTwoAccounts(config: Partial<TConfig> = {}): TTwoAccounts {
  const setup: TTwoAccounts = {
    call: (method, path, options = {}) =>
      api(setup.ctx.app, method, withAcc(path, options.acc ?? setup.owner.accountId), {
        token: options.token ?? setup.owner.token,
        body: options.body,
        lang: options.lang ?? 'en',
      }),
  } as TTwoAccounts;
  beforeAll(async () => {
    setup.ctx = await startTestApp(config);
    setup.owner = await signUp(setup.ctx);
    setup.other = await signUp(setup.ctx);
  });
  afterAll(async () => {
    await setup.ctx?.close();
  });
  return setup;
}

/** One member of each role below master in the owner's account. */
export async function addTeam(ctx: TTestApp, owner: TSignedUp) {
  return {
    admin: await addMember(ctx, owner, 'admin'),
    manager: await addMember(ctx, owner, 'manager'),
    operator: await addMember(ctx, owner, 'operator'),
  };
}

export interface TWhatsAppApp {
  ctx: TTestApp;
  fake: FakeWhatsApp;
  /** A Pro account with a WhatsApp Cloud channel. */
  owner: TSignedUp;
  channel: TTestChannel;
}

/** An app whose WhatsApp Graph API is a fake, with a Pro account that has a WhatsApp channel. */
export async function startWhatsAppApp(): Promise<TWhatsAppApp> {
  const app: Partial<TWhatsAppApp> = { fake: new FakeWhatsApp() };
  try {
    const ctx = await startTestApp({ WHATSAPP_GRAPH_URL: await app.fake!.start() });
    app.ctx = ctx;
    const owner = await signUp(ctx, { plan: 'pro' });
    return { ctx, fake: app.fake!, owner, channel: await insertWhatsAppChannel(ctx, owner.accountId) };
  } catch (error) {
    await stopWhatsAppApp(app); // the file's afterAll never sees a half-started app
    throw error;
  }
}

export async function stopWhatsAppApp(app: Partial<TWhatsAppApp>): Promise<void> {
  await app.ctx?.close();
  await app.fake?.stop();
}
