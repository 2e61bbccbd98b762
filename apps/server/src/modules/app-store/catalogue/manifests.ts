import { APP_KEYS, type TAppKey, WEBHOOK_EVENTS } from '@atende/shared';
import { z } from 'zod';
import { testAiProvider } from '../ai-provider/ai-provider-client';
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
  outboundUrls: ['apiBase'],
  test: (s, ctx) =>
    testSuperlogica(
      {
        apiBase: String(s.apiBase),
        appToken: String(s.appToken),
        accessToken: String(s.accessToken),
      },
      ctx.fetch,
    ),
};

const required = z.string({ error: 'required' }).trim().min(1, { error: 'required' });

/** The account's own OpenAI-compatible provider, used by every AI feature of the account. */
const openAiCompatible: TAppManifest = {
  key: 'openai-compatible',
  icon: 'sparkles',
  category: 'ai',
  scope: 'account',
  multiple: false,
  settings: z.object({
    baseUrl: httpUrl,
    apiKey: required,
    model: required.max(200, { error: 'tooLong' }),
  }),
  fields: [
    { key: 'baseUrl', kind: 'url', required: true, default: 'https://api.openai.com/v1' },
    { key: 'apiKey', kind: 'secret', required: true },
    { key: 'model', kind: 'text', required: true, default: 'gpt-4o-mini' },
  ],
  events: [],
  ui: ['ai-provider'],
  outboundUrls: ['baseUrl'],
  test: (s, ctx) =>
    testAiProvider(
      { baseUrl: String(s.baseUrl), apiKey: String(s.apiKey), model: String(s.model) },
      ctx.fetch,
    ),
};

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The Dashboard app's page: https only (it is framed inside the product and receives customer
 * data); http only for localhost outside production (development and tests).
 */
export function isDashboardUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname) && process.env.NODE_ENV !== 'production';
  } catch {
    return false;
  }
}

/** An external page shown as a tab of the conversation's side panel, given the conversation's context. */
const dashboard: TAppManifest = {
  key: 'dashboard',
  icon: 'layout-dashboard',
  category: 'integrations',
  scope: 'account',
  multiple: false,
  settings: z.object({
    title: z.string().trim().max(40, { error: 'tooLong' }).optional(),
    url: required.max(2000, { error: 'tooLong' }).refine(isDashboardUrl, { error: 'urlHttps' }),
  }),
  fields: [
    { key: 'title', kind: 'text', required: false },
    { key: 'url', kind: 'url', required: true },
  ],
  events: [],
  ui: ['conversation-panel'],
};

/** The catalogue, in display order. */
export const APP_MANIFESTS: readonly TAppManifest[] = [
  webhooks,
  browserNotifications,
  superlogica,
  openAiCompatible,
  dashboard,
];

const byKey = new Map<string, TAppManifest>(APP_MANIFESTS.map((m) => [m.key, m]));

export function manifestOf(key: string): TAppManifest | undefined {
  return byKey.get(key);
}

export const isAppKey = (key: string): key is TAppKey => (APP_KEYS as readonly string[]).includes(key);
