import { z } from 'zod';
import { zIsoDate, zUuid } from './common';

/**
 * WhatsApp message templates (spec /templates; "Template states: submit, resubmit"). A template
 * belongs to one WhatsApp channel (its WhatsApp Business Account). Variables are Meta's numbered
 * placeholders {{1}}, {{2}}, ... in the header and body, each with an example value for review.
 * Statuses: draft (not submitted), pending (under Meta's review), approved, rejected (with the
 * reason; fix and resubmit).
 */
export const TEMPLATE_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const;
export type TTemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type TTemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
export const TEMPLATE_BUTTON_TYPES = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER'] as const;

/** Meta's limits: name 512, header 60, body 1024, footer 60, 10 buttons of 25 characters. */
export const TEMPLATE_LIMITS = {
  name: 512,
  header: 60,
  body: 1024,
  footer: 60,
  buttons: 10,
  buttonText: 25,
} as const;

const VARIABLE = /\{\{\s*(\d+)\s*\}\}/g;

/** The numbered variables of a text, in order of first use ('Hi {{1}}, {{2}}' → ['1', '2']). */
export function templateVariables(text: string | null | undefined): string[] {
  const out: string[] = [];
  for (const m of (text ?? '').matchAll(VARIABLE)) if (!out.includes(m[1])) out.push(m[1]);
  return out;
}

/** Meta requires the variables to be 1..n without gaps. */
export function variablesAreSequential(text: string | null | undefined): boolean {
  const vars = templateVariables(text)
    .map(Number)
    .sort((a, b) => a - b);
  return vars.every((v, i) => v === i + 1);
}

/** Fills {{n}} with values[n-1] (missing values stay as typed). */
export function renderTemplateText(text: string, values: readonly string[]): string {
  return text.replace(VARIABLE, (whole, n: string) => values[Number(n) - 1] ?? whole);
}

export type TTemplateSendVariable = { component: 'header' | 'body'; name: string };

/**
 * The values a send of a template fills, in the order the template shows them: the header's
 * variable ({{1}}, at most one) first, then the body's ({{1}}, {{2}}...). Meta numbers each
 * component's placeholders from {{1}}, so a send's `variables` array is the header's values then
 * the body's: header 'Pedido {{1}}' + body 'Olá {{1}}, {{2}}' take ['1234', 'Ana', 'amanhã'].
 */
export function templateSendVariables(t: {
  header: string | null | undefined;
  body: string;
}): TTemplateSendVariable[] {
  const inOrder = (text: string | null | undefined) => templateVariables(text).sort((a, b) => +a - +b);
  return [
    ...inOrder(t.header).map((name) => ({ component: 'header' as const, name })),
    ...inOrder(t.body).map((name) => ({ component: 'body' as const, name })),
  ];
}

const zOptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'tooLong' })
    .optional()
    .transform((v) => v || undefined);

const zButton = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('QUICK_REPLY'),
    text: z.string().trim().min(1, { error: 'required' }).max(25, { error: 'tooLong' }),
  }),
  z.object({
    type: z.literal('URL'),
    text: z.string().trim().min(1, { error: 'required' }).max(25, { error: 'tooLong' }),
    url: z.url({ error: 'url' }).max(2000, { error: 'tooLong' }),
  }),
  z.object({
    type: z.literal('PHONE_NUMBER'),
    text: z.string().trim().min(1, { error: 'required' }).max(25, { error: 'tooLong' }),
    phoneNumber: z
      .string()
      .trim()
      .regex(/^\+\d{8,15}$/, { error: 'phone' }),
  }),
]);

export const ZTemplateBody = z
  .object({
    channelId: zUuid,
    /** Meta's rule: lower-case letters, digits and underscores. */
    name: z
      .string({ error: 'required' })
      .trim()
      .min(1, { error: 'required' })
      .max(TEMPLATE_LIMITS.name, { error: 'tooLong' })
      .regex(/^[a-z0-9_]+$/, { error: 'invalid' }),
    language: z
      .string({ error: 'required' })
      .trim()
      .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, { error: 'invalid' }),
    category: z.enum(TEMPLATE_CATEGORIES, { error: 'selectRequired' }),
    header: zOptionalText(TEMPLATE_LIMITS.header),
    body: z
      .string({ error: 'messageEmpty' })
      .trim()
      .min(1, { error: 'messageEmpty' })
      .max(TEMPLATE_LIMITS.body, { error: 'tooLong' }),
    footer: zOptionalText(TEMPLATE_LIMITS.footer),
    buttons: z.array(zButton).max(TEMPLATE_LIMITS.buttons, { error: 'tooLong' }).default([]),
    /** Example values of the variables: body {{1}}.. and header {{1}} (Meta reviews with them). */
    examples: z
      .object({
        body: z
          .array(z.string().trim().min(1, { error: 'required' }).max(200))
          .max(50)
          .default([]),
        header: z
          .array(z.string().trim().min(1, { error: 'required' }).max(200))
          .max(1)
          .default([]),
      })
      .default({ body: [], header: [] }),
  })
  .superRefine((t, ctx) => {
    if (!variablesAreSequential(t.body)) ctx.addIssue({ code: 'custom', path: ['body'], message: 'invalid' });
    if (templateVariables(t.header).length > 1 || !variablesAreSequential(t.header))
      ctx.addIssue({ code: 'custom', path: ['header'], message: 'invalid' });
    if (templateVariables(t.footer).length > 0)
      ctx.addIssue({ code: 'custom', path: ['footer'], message: 'invalid' });
    if (t.examples.body.length !== templateVariables(t.body).length)
      ctx.addIssue({ code: 'custom', path: ['examples', 'body'], message: 'required' });
    if (t.examples.header.length !== templateVariables(t.header).length)
      ctx.addIssue({ code: 'custom', path: ['examples', 'header'], message: 'required' });
  });
export type TTemplateBody = z.infer<typeof ZTemplateBody>;
export type TTemplateBodyInput = z.input<typeof ZTemplateBody>;
export type TTemplateButton = z.infer<typeof zButton>;

export const ZTemplateListQuery = z.object({
  acc: zUuid,
  status: z.enum(TEMPLATE_STATUSES).optional(),
  channelId: zUuid.optional(),
});

/** A button as it goes out (stored as validated by ZTemplateBody). */
const ZTemplateButton = z.discriminatedUnion('type', [
  z.object({ type: z.literal('QUICK_REPLY'), text: z.string() }),
  z.object({ type: z.literal('URL'), text: z.string(), url: z.string() }),
  z.object({ type: z.literal('PHONE_NUMBER'), text: z.string(), phoneNumber: z.string() }),
]);

export const ZTemplate = z.object({
  _id: z.string(),
  channelId: z.string(),
  name: z.string(),
  language: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES),
  header: z.string().nullable(),
  body: z.string(),
  footer: z.string().nullable(),
  buttons: z.array(ZTemplateButton),
  examples: z.object({ body: z.array(z.string()), header: z.array(z.string()) }),
  /** The body's variables in order ('1', '2', ...); a send fills the header's too (templateSendVariables). */
  variables: z.array(z.string()),
  status: z.enum(TEMPLATE_STATUSES),
  providerTemplateId: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  submittedAt: zIsoDate.nullable(),
  createdAt: zIsoDate,
  updatedAt: zIsoDate,
});
export type TTemplate = z.infer<typeof ZTemplate>;
