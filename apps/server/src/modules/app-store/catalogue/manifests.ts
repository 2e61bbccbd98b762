import { APP_KEYS, type TAppKey, WEBHOOK_EVENTS } from '@atende/shared';
import { z } from 'zod';
import { SUPERLOGICA_DEFAULT_BASE, testSuperlogica } from '../superlogica/superlogica-client';
import type { TAppManifest } from './app-manifest';

const httpUrl = z.url({ protocol: /^https?$/, error: 'url' });

const webhooks: TAppManifest = {
  key: 'webhooks',
  icon: 'webhook',
  category: 'integrations',
  scope: 'account',
  multiple: false,
  settings: z.object({}),
  fields: [],
  events: [...WEBHOOK_EVENTS],
  ui: ['settings-page'],
};

const browserNotifications: TAppManifest = {
  key: 'browser-notifications',
  icon: 'bell',
  category: 'notifications',
  scope: 'account',
  multiple: false,
  settings: z.object({ departmentWaiting: z.boolean().default(true) }),
  fields: [{ key: 'departmentWaiting', kind: 'switch', required: false, default: true }],
  events: ['conversation.assigned', 'message.created'],
  ui: ['profile'],
};

const superlogica: TAppManifest = {
  key: 'superlogica',
  icon: 'building-bank',
  category: 'management',
  scope: 'account',
  multiple: false,
  settings: z.object({
    apiBase: httpUrl,
    appToken: z.string({ error: 'required' }).trim().min(1, { error: 'required' }),
    accessToken: z.string({ error: 'required' }).trim().min(1, { error: 'required' }),
  }),
  fields: [
    { key: 'apiBase', kind: 'url', required: true, default: SUPERLOGICA_DEFAULT_BASE },
    { key: 'appToken', kind: 'secret', required: true },
    { key: 'accessToken', kind: 'secret', required: true },
  ],
  events: [],
  ui: ['settings-page'],
  test: (s) =>
    testSuperlogica({
      apiBase: String(s.apiBase),
      appToken: String(s.appToken),
      accessToken: String(s.accessToken),
    }),
};

/** The catalogue, in display order. */
export const APP_MANIFESTS: readonly TAppManifest[] = [webhooks, browserNotifications, superlogica];

const byKey = new Map<string, TAppManifest>(APP_MANIFESTS.map((m) => [m.key, m]));

export function manifestOf(key: string): TAppManifest | undefined {
  return byKey.get(key);
}

export const isAppKey = (key: string): key is TAppKey => (APP_KEYS as readonly string[]).includes(key);
