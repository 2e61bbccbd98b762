import { z } from 'zod';
import { zImageUrl, zIsoDate, zRequiredText } from './common';
import { ZChannelKind } from './inbox';

/**
 * Channels connected by an admin (settings): web chat (chat page + widget), WhatsApp Cloud API
 * and SMS. Secrets go in, never out: answers say which are `configured`.
 */
const zSecret = z.string().trim().min(1, { error: 'required' }).max(1000, { error: 'tooLong' });
const zOptionalSecret = z.string().trim().max(1000, { error: 'tooLong' }).optional();
const zColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'invalid' });
/** Chat page address: lower-case letters, digits and dashes (3–60). */
export const zChannelSlug = z
  .string({ error: 'required' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{1,58})[a-z0-9]$/, { error: 'invalid' });
const zOrigin = z
  .string()
  .trim()
  .regex(/^https?:\/\/[^/\s]+$/i, { error: 'url' })
  .transform((v) => v.toLowerCase());
const zDigits = (min: number, max: number) =>
  z
    .string({ error: 'required' })
    .trim()
    .regex(new RegExp(`^\\d{${min},${max}}$`), { error: 'invalid' });
const zE164 = z
  .string({ error: 'required' })
  .trim()
  .regex(/^\+\d{8,15}$/, { error: 'phone' });

/** What the web chat's pre-chat form may ask. */
export const WEBCHAT_PRECHAT_FIELDS = ['name', 'email', 'phone'] as const;
export type TWebchatPrechatField = (typeof WEBCHAT_PRECHAT_FIELDS)[number];

const webchatConfig = {
  name: zRequiredText(100),
  slug: zChannelSlug,
  color: zColor.default('#228be6'),
  greeting: z.string().trim().max(500, { error: 'tooLong' }).default(''),
  /** Sites allowed to embed the widget; empty: any. */
  allowedOrigins: z.array(zOrigin).max(20).default([]),
  /** Ask who the visitor is before the chat starts (the fields below; each one required). */
  preChatForm: z.boolean().default(false),
  preChatFields: z
    .array(z.enum(WEBCHAT_PRECHAT_FIELDS))
    .min(1, { error: 'required' })
    .max(3)
    .default(['name', 'email']),
  /**
   * A bot's chat page only (its editor sets them, Settings › Channels leaves them as they are):
   * the page's heading instead of the company's name, its image, and the background behind the
   * conversation.
   */
  title: z.string().trim().max(100, { error: 'tooLong' }).optional(),
  avatarUrl: zImageUrl.nullish(),
  background: zColor.optional(),
};

const whatsappConfig = {
  name: zRequiredText(100),
  phoneNumberId: zDigits(5, 30),
  wabaId: zDigits(5, 30),
  displayPhone: zE164,
};

const smsConfig = {
  name: zRequiredText(100),
  fromNumber: zE164,
  accountSid: z.string().trim().min(1, { error: 'required' }).max(100, { error: 'tooLong' }),
};

export const ZCreateChannelBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('webchat'), ...webchatConfig }),
  z.object({
    kind: z.literal('whatsapp-cloud'),
    ...whatsappConfig,
    accessToken: zSecret,
    appSecret: zSecret,
    verifyToken: zSecret,
  }),
  z.object({ kind: z.literal('sms'), ...smsConfig, authToken: zSecret }),
]);
export type TCreateChannelBody = z.infer<typeof ZCreateChannelBody>;

/**
 * GET p/chat/channels/facebook/config (issue 13): whether the WhatsApp page offers "Connect with
 * Facebook" (embedded signup), and what the browser's Facebook SDK needs.
 */
export const ZFacebookSignupConfig = z.object({
  enabled: z.boolean(),
  appId: z.string().nullable(),
  configId: z.string().nullable(),
  graphVersion: z.string(),
});
export type TFacebookSignupConfig = z.infer<typeof ZFacebookSignupConfig>;

/** POST p/chat/channels/facebook: the signup's code, and the ids its session event reported (if any). */
export const ZFacebookSignupBody = z.object({
  name: zRequiredText(100),
  code: z.string().trim().min(1, { error: 'required' }).max(2000, { error: 'tooLong' }),
  wabaId: zDigits(5, 30).optional(),
  phoneNumberId: zDigits(5, 30).optional(),
});
export type TFacebookSignupBody = z.infer<typeof ZFacebookSignupBody>;

/** PUT: the fields of its kind; a secret left out (or empty) keeps the stored one. */
export const ZUpdateChannelBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('webchat'),
    ...webchatConfig,
    status: z.enum(['active', 'disabled']).optional(),
  }),
  z.object({
    kind: z.literal('whatsapp-cloud'),
    ...whatsappConfig,
    accessToken: zOptionalSecret,
    appSecret: zOptionalSecret,
    verifyToken: zOptionalSecret,
    status: z.enum(['active', 'disabled']).optional(),
  }),
  z.object({
    kind: z.literal('sms'),
    ...smsConfig,
    authToken: zOptionalSecret,
    status: z.enum(['active', 'disabled']).optional(),
  }),
]);
export type TUpdateChannelBody = z.infer<typeof ZUpdateChannelBody>;

/** A channel as admins see it: config, which secrets are set, and the webhook URL. */
export const ZChannel = z.object({
  _id: z.string(),
  acc: z.string(),
  kind: ZChannelKind,
  name: z.string(),
  status: z.enum(['active', 'disabled']),
  externalId: z.string(),
  config: z.record(z.string(), z.unknown()),
  configured: z.record(z.string(), z.boolean()),
  webhookUrl: z.string().nullable(),
  /** Web chat: the chat page and the widget script. */
  chatUrl: z.string().optional(),
  widgetUrl: z.string().optional(),
  createdAt: zIsoDate,
});
export type TChannel = z.infer<typeof ZChannel>;

/** The public part of a channel (inbox data, every member). */
export const ZChannelSummary = z.object({
  _id: z.string(),
  kind: ZChannelKind,
  name: z.string(),
  status: z.enum(['active', 'disabled']),
  /** Phone channels: the number customers see; web chat: the slug. */
  address: z.string(),
});
export type TChannelSummary = z.infer<typeof ZChannelSummary>;

/** The public settings of a web chat page (GET /webchat/{slug}/config). */
export const ZWebchatConfig = z.object({
  /** The channel's name (admins see it); the page shows the company's. */
  name: z.string(),
  company: z.string(),
  /** The page's heading: a bot's chat page title, else the company's name. */
  title: z.string(),
  avatarUrl: z.string().nullable(),
  /** Behind the conversation. */
  background: z.string(),
  slug: z.string(),
  color: z.string(),
  greeting: z.string(),
  preChatForm: z.boolean(),
  preChatFields: z.array(z.enum(WEBCHAT_PRECHAT_FIELDS)),
  /** The team now: online (open, someone connected), away (open, nobody connected), closed (outside the hours; `nextOpen` in the account's time zone). */
  availability: z.object({
    status: z.enum(['online', 'away', 'closed']),
    nextOpen: z.object({ day: z.string(), time: z.string() }).nullable(),
  }),
});
export type TWebchatConfig = z.infer<typeof ZWebchatConfig>;

/**
 * A web chat visitor's session (POST /webchat/{slug}/session). The visitor is a contact only once
 * they write or fill the pre-chat form: until then `visitor.known` is false and nothing is stored.
 */
export const ZWebchatSession = z.object({
  token: z.string(),
  visitor: z.object({
    known: z.boolean(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
});

/** A web chat visitor's uploaded file (POST /webchat/{slug}/files): `fileId` is what their message then carries. */
export const ZWebchatUpload = z.object({ fileId: z.string(), name: z.string(), size: z.number() });
