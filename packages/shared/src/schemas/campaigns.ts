import { z } from 'zod';
import { zIsoDate, zRequiredText, zUuid } from './common';

/**
 * Campaigns (issue 16): WhatsApp template and SMS broadcasts. A campaign is built in a wizard as a
 * draft (choose template, campaign data, contacts data, review and send), then started: its
 * recipients are frozen (rendered variables) and a durable dispatcher sends them.
 */
export const CAMPAIGN_TYPES = ['whatsapp', 'sms'] as const;
export type TCampaignType = (typeof CAMPAIGN_TYPES)[number];

/** Spec §4: waiting, executing, finished, canceled/stopped; plus draft (wizard) and paused. */
export const CAMPAIGN_STATUSES = ['draft', 'waiting', 'executing', 'paused', 'finished', 'canceled'] as const;
export type TCampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const RECIPIENT_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
  'skipped',
  /**
   * The send's outcome is not known (its answer was lost: a timeout, a dropped connection, a
   * process that died): never sent again automatically; a status webhook settles it, or the
   * operator chooses to send it again.
   */
  'unknown',
] as const;
export type TRecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export const CAMPAIGN_LIMITS = {
  nameMax: 120,
  descriptionMax: 500,
  smsTextMax: 1000,
  csvMaxBytes: 50 * 1024 * 1024,
  /** Row errors listed in an upload's answer (the counts cover them all). */
  csvErrorsListed: 200,
  /** WhatsApp Cloud's default throughput per sending number. */
  whatsappRate: 80,
  smsRate: 10,
  /** Auto-pause when more than this share of the attempts failed (after `failureMinAttempts`). */
  failureRateMax: 0.5,
  failureMinAttempts: 20,
  /** A reply within this many hours of a campaign message belongs to the campaign. */
  replyWindowHours: 72,
} as const;

/** Replies that opt a contact out of campaigns (compared in upper case, without accents). */
export const OPT_OUT_KEYWORDS: readonly string[] = [
  'SAIR',
  'PARAR',
  'CANCELAR',
  'STOP',
  'DESCADASTRAR',
  'UNSUBSCRIBE',
];

/** An account's own opt-out words (Campaigns → Settings): how many, and how long each. */
export const OPT_OUT_LIMITS = { words: 30, wordMax: 40 } as const;

/** 'Sair', ' PARAR! ' → 'SAIR' / 'PARAR': upper case, no accents, no punctuation around, single spaces. */
export function optOutWord(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .replace(/\s+/g, ' ')
    .toUpperCase();
}

/** Campaigns → Settings: the opt-out words in use (the account's own, or the defaults). */
export const ZCampaignSettings = z.object({
  optOutKeywords: z.array(z.string()),
  /** false: the account uses the defaults. */
  custom: z.boolean(),
  defaults: z.array(z.string()),
});
export type TCampaignSettings = z.infer<typeof ZCampaignSettings>;

/** null: back to the defaults. Words are stored as optOutWord() gives them; repeats dropped. */
export const ZCampaignSettingsBody = z.object({
  optOutKeywords: z
    .array(
      z
        .string({ error: 'required' })
        .trim()
        .max(OPT_OUT_LIMITS.wordMax, { error: 'tooLong' })
        .refine((w) => optOutWord(w).length > 0, { error: 'required' }),
    )
    .min(1, { error: 'required' })
    .max(OPT_OUT_LIMITS.words, { error: 'optOutWords' })
    .nullable(),
});
export type TCampaignSettingsBody = z.infer<typeof ZCampaignSettingsBody>;

/** Where a template variable's value comes from, per recipient. */
export const ZVariableSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('field'), field: z.enum(['name', 'firstName', 'phone', 'email']) }),
  z.object({ kind: z.literal('column'), column: z.string().max(200) }),
  z.object({ kind: z.literal('text'), text: z.string().max(1000) }),
]);
export type TVariableSource = z.infer<typeof ZVariableSource>;

const zTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, { error: 'invalid' });
export const ZCampaignWindow = z
  .object({ start: zTime, end: zTime })
  .refine((r) => r.end > r.start, { error: 'hoursRange', path: ['end'] });

/** The wizard's campaign data (create and update of a draft). */
export const ZCampaignBody = z.object({
  type: z.enum(CAMPAIGN_TYPES),
  name: zRequiredText(CAMPAIGN_LIMITS.nameMax),
  description: z.string().trim().max(CAMPAIGN_LIMITS.descriptionMax, { error: 'tooLong' }).default(''),
  channelId: z.uuid({ error: 'selectRequired' }),
  /** WhatsApp: an approved template of the channel. */
  templateId: z.uuid().nullable().default(null),
  /** SMS: the text with {{1}}, {{2}}… */
  text: z.string().trim().max(CAMPAIGN_LIMITS.smsTextMax, { error: 'tooLong' }).nullable().default(null),
  /** One source per template variable, in the template's order ({{1}} first). */
  mapping: z.array(ZVariableSource).max(20).default([]),
  /** null: send now. */
  scheduledAt: zIsoDate.nullable().default(null),
  /** null: the account's timeToSendAutomationAndCampaign (or any time). */
  sendWindow: ZCampaignWindow.nullable().default(null),
});
export type TCampaignBody = z.infer<typeof ZCampaignBody>;
export type TCampaignBodyInput = z.input<typeof ZCampaignBody>;

export const ZCampaignCounts = z.object({
  total: z.number(),
  queued: z.number(),
  sending: z.number(),
  sent: z.number(),
  delivered: z.number(),
  read: z.number(),
  failed: z.number(),
  skipped: z.number(),
  unknown: z.number(),
  replied: z.number(),
});
export type TCampaignCounts = z.infer<typeof ZCampaignCounts>;

export const ZCampaign = z.object({
  _id: z.string(),
  acc: z.string(),
  type: z.enum(CAMPAIGN_TYPES),
  name: z.string(),
  description: z.string(),
  channelId: z.string().nullable(),
  templateId: z.string().nullable(),
  templateName: z.string().nullable(),
  text: z.string().nullable(),
  mapping: z.array(ZVariableSource),
  status: z.enum(CAMPAIGN_STATUSES),
  pauseReason: z.string().nullable(),
  scheduledAt: zIsoDate.nullable(),
  sendWindow: z.object({ start: z.string(), end: z.string() }).nullable(),
  consentAccepted: z.boolean(),
  csvName: z.string().nullable(),
  csvColumns: z.array(z.string()),
  counts: ZCampaignCounts,
  startedAt: zIsoDate.nullable(),
  finishedAt: zIsoDate.nullable(),
  createdAt: zIsoDate,
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZCampaignListQuery = z.object({
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  type: z.enum(CAMPAIGN_TYPES).optional(),
  search: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

/** A row the CSV upload refused, with its spreadsheet line (header = line 1). */
export const ZCampaignCsvError = z.object({ line: z.number(), code: z.string(), message: z.string() });
export type TCampaignCsvError = z.infer<typeof ZCampaignCsvError>;

export const ZCampaignAudienceResult = z.object({
  added: z.number(),
  duplicates: z.number(),
  invalid: z.number(),
  errors: z.array(ZCampaignCsvError),
  columns: z.array(z.string()),
});
export type TCampaignAudienceResult = z.infer<typeof ZCampaignAudienceResult>;

/** Contacts as an audience: the contacts list's filters; opted-out and blocked contacts never. */
export const ZCampaignContactsBody = z.object({
  search: z.string().max(200).optional(),
  tags: z.array(z.uuid()).max(50).optional(),
  /** A phase id, 'none' (contacts without one), or 'all' / '' / absent (every phase), as in the contacts list. */
  phase: z.union([z.literal(''), z.literal('all'), z.literal('none'), zUuid]).optional(),
});

/** Why recipients are left out before sending (besides opted out): the review's breakdown of `invalid`. */
export const ZCampaignInvalidReasons = z.object({
  /** CSV rows refused at upload (blank name or phone, a phone that is not a number). */
  csvRows: z.number(),
  /** A recipient's phone that is not a valid international number (e.g. a contact's). */
  invalidPhone: z.number(),
  /** SMS: a Brazilian landline, which cannot receive SMS. */
  notMobile: z.number(),
  /** WhatsApp: an earlier send found the number has no WhatsApp (131026). */
  noWhatsapp: z.number(),
  /** The contact is blocked. */
  blocked: z.number(),
});
export type TCampaignInvalidReasons = z.infer<typeof ZCampaignInvalidReasons>;

export const ZCampaignReview = z.object({
  valid: z.number(),
  /** Repeated phones removed (within the CSV, and between the CSV and the contacts). */
  duplicates: z.number(),
  optedOut: z.number(),
  /** The sum of invalidReasons. */
  invalid: z.number(),
  invalidReasons: ZCampaignInvalidReasons,
  preview: z.array(z.object({ name: z.string(), phone: z.string(), text: z.string() })),
  estimatedSeconds: z.number(),
  segments: z.number(),
  smsBalance: z.number(),
});
export type TCampaignReview = z.infer<typeof ZCampaignReview>;

export const ZCampaignStartBody = z.object({
  consentAccepted: z.boolean().default(false),
});

export const ZCampaignRecipient = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  status: z.enum(RECIPIENT_STATUSES),
  reason: z.string().nullable(),
  text: z.string().nullable(),
  sentAt: zIsoDate.nullable(),
  deliveredAt: zIsoDate.nullable(),
  readAt: zIsoDate.nullable(),
  repliedAt: zIsoDate.nullable(),
  conversationId: z.string().nullable(),
});
export type TCampaignRecipient = z.infer<typeof ZCampaignRecipient>;

export const ZCampaignRecipientsQuery = z.object({
  search: z.string().max(200).optional(),
  status: z.enum(RECIPIENT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** Recipients not reached, by reason: send failures ('failed') apart from skipped ones ('skipped'). */
export const ZCampaignFailures = z.array(
  z.object({ status: z.enum(['failed', 'skipped']), reason: z.string(), count: z.number() }),
);
export type TCampaignFailures = z.infer<typeof ZCampaignFailures>;

/** Live progress (Socket.IO 'campaign:progress' to the account). */
export const ZCampaignProgress = z.object({
  campaignId: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  pauseReason: z.string().nullable(),
  counts: ZCampaignCounts,
});
export type TCampaignProgress = z.infer<typeof ZCampaignProgress>;

// ---- SMS credit ----

/** Credit packages (credits = SMS segments; price in cents of BRL). */
export const SMS_PACKAGES = [
  { id: 'sms-1000', credits: 1000, price: 9000 },
  { id: 'sms-5000', credits: 5000, price: 40000 },
  { id: 'sms-20000', credits: 20000, price: 140000 },
] as const;
export type TSmsPackageId = (typeof SMS_PACKAGES)[number]['id'];

export const ZSmsCreditEntry = z.object({
  _id: z.string(),
  kind: z.enum(['purchase', 'debit', 'refund']),
  amount: z.number(),
  balanceAfter: z.number().nullable(),
  campaignId: z.string().nullable(),
  packageId: z.string().nullable(),
  price: z.number().nullable(),
  /** Who a purchase went through: 'sandbox', 'stripe', 'operator' (ops grants); null for debits and refunds. */
  provider: z.string().nullable(),
  /** 'done'; a purchase paid on the provider's page is 'pending' until it confirms, 'canceled' when it expired unpaid. */
  status: z.string(),
  createdAt: zIsoDate,
});
export const ZSmsCredit = z.object({
  balance: z.number(),
  packages: z.array(z.object({ id: z.string(), credits: z.number(), price: z.number() })),
  history: z.array(ZSmsCreditEntry),
});
export type TSmsCredit = z.infer<typeof ZSmsCredit>;
export const ZSmsBuyBody = z.object({ packageId: z.enum(SMS_PACKAGES.map((p) => p.id) as [TSmsPackageId]) });
export const ZSmsBuyResult = z.object({
  status: z.enum(['paid', 'redirect']),
  url: z.string().optional(),
  sandbox: z.boolean(),
  balance: z.number(),
});

/** Fills {{1}}, {{2}}… with `values` (missing → ''). */
export function renderCampaignText(text: string, values: readonly string[]): string {
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (_, n: string) => values[Number(n) - 1] ?? '');
}

/** How many {{n}} variables an SMS text uses (the highest n). */
export function campaignTextVariables(text: string): number {
  let max = 0;
  for (const m of text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)) max = Math.max(max, Number(m[1]));
  return max;
}
