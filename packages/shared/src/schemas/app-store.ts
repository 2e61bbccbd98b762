import { z } from 'zod';
import { zIsoDate } from './common';

/**
 * App store (issue 19): apps are manifests in the server's code; an account installs them, and
 * every step (install, configure, test, disable, enable, uninstall, imports) is a run in the
 * history with the spec's statuses (§4). Webhooks deliver chosen domain events, signed and retried.
 */
export const APP_KEYS = [
  'webhooks',
  'browser-notifications',
  'superlogica',
  'openai-compatible',
  'dashboard',
] as const;
export type TAppKey = (typeof APP_KEYS)[number];

export const APP_CATEGORIES = ['integrations', 'notifications', 'management', 'ai'] as const;
export type TAppCategory = (typeof APP_CATEGORIES)[number];

/** Spec §4: app history statuses. */
export const APP_RUN_STATUSES = ['ongoing', 'error', 'success', 'finished', 'cancelled'] as const;
export type TAppRunStatus = (typeof APP_RUN_STATUSES)[number];

export const APP_RUN_ACTIONS = [
  'install',
  'configure',
  'test',
  'disable',
  'enable',
  'uninstall',
  'auto-disable',
  'rotate-secret',
  'import',
] as const;
export type TAppRunAction = (typeof APP_RUN_ACTIONS)[number];

/** One settings field as the install/configure dialog draws it (secret fields are write-only). */
export const ZAppField = z.object({
  key: z.string(),
  kind: z.enum(['text', 'url', 'secret', 'switch']),
  required: z.boolean(),
  default: z.union([z.string(), z.boolean()]).optional(),
});
export type TAppField = z.infer<typeof ZAppField>;

export const ZAppCatalogueItem = z.object({
  key: z.enum(APP_KEYS),
  icon: z.string(),
  category: z.enum(APP_CATEGORIES),
  scope: z.enum(['account', 'channel']),
  multiple: z.boolean(),
  fields: z.array(ZAppField),
  events: z.array(z.string()),
  ui: z.array(z.string()),
  testable: z.boolean(),
  installs: z.number(),
});
export type TAppCatalogueItem = z.infer<typeof ZAppCatalogueItem>;

export const ZAppInstall = z.object({
  _id: z.string(),
  app: z.enum(APP_KEYS),
  name: z.string(),
  status: z.enum(['active', 'disabled']),
  /** Non-secret settings; secret fields never leave the server. */
  settings: z.record(z.string(), z.union([z.string(), z.boolean()])),
  /** Which secret fields hold a value. */
  secretsSet: z.array(z.string()),
  disabledReason: z.string().nullable(),
  consecutiveErrors: z.number(),
  createdAt: zIsoDate,
  updatedAt: zIsoDate,
});
export type TAppInstall = z.infer<typeof ZAppInstall>;

const zSettings = z.record(z.string(), z.union([z.string().max(4096), z.boolean()])).default({});

export const ZInstallAppBody = z.object({
  app: z.enum(APP_KEYS, { error: 'invalid' }),
  name: z.string().trim().max(80, { error: 'tooLong' }).optional(),
  settings: zSettings,
});
export type TInstallAppBody = z.input<typeof ZInstallAppBody>;

/** Secret fields left empty keep their stored value. */
export const ZConfigureAppBody = z.object({
  name: z.string().trim().max(80, { error: 'tooLong' }).optional(),
  settings: zSettings,
});
export type TConfigureAppBody = z.input<typeof ZConfigureAppBody>;

export const ZAppRun = z.object({
  _id: z.string(),
  installId: z.string().nullable(),
  app: z.enum(APP_KEYS),
  action: z.enum(APP_RUN_ACTIONS),
  status: z.enum(APP_RUN_STATUSES),
  userId: z.string().nullable(),
  userName: z.string(),
  message: z.string(),
  log: z.array(z.string()),
  startedAt: zIsoDate,
  finishedAt: zIsoDate.nullable(),
  durationMs: z.number().nullable(),
});
export type TAppRun = z.infer<typeof ZAppRun>;

export const ZAppRunsQuery = z.object({
  app: z.enum(APP_KEYS).optional(),
  status: z.enum(APP_RUN_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

// ---- Webhooks -------------------------------------------------------------------------------

/** The domain events a webhook endpoint may subscribe to. */
export const WEBHOOK_EVENTS = [
  'conversation.opened',
  'conversation.assigned',
  'conversation.closed',
  'conversation.reopened',
  'conversation.held',
  'conversation.resumed',
  'message.created',
  'message.status',
  'contact.created',
  'contact.updated',
  'contact.phase_changed',
] as const;
export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * How a delivery is signed: `X-Atende-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>`
 * with `X-Atende-Timestamp` (Unix seconds); after a rotation the previous secret also signs for
 * 24 h (a second `v1=` entry, comma-separated).
 */
export const WEBHOOK_HEADERS = {
  signature: 'x-atende-signature',
  timestamp: 'x-atende-timestamp',
  event: 'x-atende-event',
  delivery: 'x-atende-delivery',
} as const;
/** logDays: how long the delivery log keeps a finished delivery (and its event's body). */
export const WEBHOOK_LIMITS = {
  endpointsMax: 20,
  retryWindowHours: 24,
  responseExcerpt: 500,
  logDays: 30,
} as const;

export const ZWebhookEndpointBody = z.object({
  url: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(2000, { error: 'tooLong' })
    .pipe(z.url({ protocol: /^https?$/, error: 'url' })),
  description: z.string().trim().max(200, { error: 'tooLong' }).default(''),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, { error: 'selectRequired' }),
  enabled: z.boolean().default(true),
});
export type TWebhookEndpointBody = z.input<typeof ZWebhookEndpointBody>;

export const ZWebhookEndpoint = z.object({
  _id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** Only in the answer that created the endpoint or rotated its secret. */
  secret: z.string().optional(),
  secretHint: z.string(),
  createdAt: zIsoDate,
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'retrying', 'success', 'failed'] as const;
export type TWebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const ZWebhookDelivery = z.object({
  _id: z.string(),
  endpointId: z.string(),
  eventId: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  latencyMs: z.number().nullable(),
  responseExcerpt: z.string(),
  error: z.string(),
  nextAttemptAt: zIsoDate.nullable(),
  createdAt: zIsoDate,
  deliveredAt: zIsoDate.nullable(),
  payload: z.unknown(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveriesQuery = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

// ---- Push notifications -----------------------------------------------------------------------

export const PUSH_EVENTS = ['assigned', 'message', 'department'] as const;
export type TPushEvent = (typeof PUSH_EVENTS)[number];

export const ZPushPreferences = z.object({
  push: z.boolean(),
  sound: z.boolean(),
  events: z.array(z.enum(PUSH_EVENTS)),
});
export type TPushPreferences = z.infer<typeof ZPushPreferences>;

export const ZPushConfig = z.object({
  /** The server's VAPID public key (applicationServerKey), base64url. */
  vapidPublicKey: z.string(),
  /** Whether the account has the browser-notifications app installed and active. */
  enabled: z.boolean(),
  preferences: ZPushPreferences,
});
export type TPushConfig = z.infer<typeof ZPushConfig>;

/** What the service worker receives (JSON, encrypted by the push protocol). */
export const ZPushPayload = z.object({
  kind: z.enum(PUSH_EVENTS),
  acc: z.string(),
  conversationId: z.string(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  sound: z.boolean(),
});
export type TPushPayload = z.infer<typeof ZPushPayload>;

// ---- Dashboard app ----------------------------------------------------------------------------

/**
 * GET /p/apps/dashboards: the account's active Dashboard apps, each a tab of the conversation's side
 * panel (an iframe of `url`, given the conversation's context through postMessage to its origin).
 */
export const ZAppDashboardPanel = z.object({ _id: z.string(), name: z.string(), url: z.string() });
export type TAppDashboardPanel = z.infer<typeof ZAppDashboardPanel>;

/**
 * What the Dashboard app's page receives through window.postMessage (targetOrigin = its URL's
 * origin, never '*'): when its frame loads and whenever the operator opens another conversation.
 */
export interface TDashboardContext {
  type: 'atende:context';
  version: 1;
  acc: string;
  conversation: {
    _id: string;
    stage: string;
    channelId: string | null;
    channelKind: string | null;
    departmentId: string | null;
    assigneeId: string | null;
  };
  contact: { _id: string; name: string; phone: string | null; email: string | null; tags: string[] };
  /** The operator looking at it. */
  user: { _id: string; name: string } | null;
  lang: string;
}

// ---- Superlógica ------------------------------------------------------------------------------

/** GET /p/apps/superlogica/invoices?contactId=: the contact's open invoices (contact panel). */
export const ZSuperlogicaInvoices = z.object({
  installed: z.boolean(),
  customerId: z.string().nullable(),
  invoices: z.array(
    z.object({ id: z.string(), dueDate: z.string(), amount: z.number(), link: z.string().nullable() }),
  ),
  /** Superlógica did not answer (the panel says so instead of showing none). */
  failed: z.boolean(),
});
export type TSuperlogicaInvoices = z.infer<typeof ZSuperlogicaInvoices>;
