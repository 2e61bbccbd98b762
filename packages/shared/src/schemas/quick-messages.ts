import { z } from 'zod';
import { zIsoDate } from './common';

/**
 * Quick messages (typed with / in the composer): per account, admins manage them, every member
 * reads them. Variables {{name}}, {{phone}}, {{email}}, {{operator}} are filled in by the server.
 */
export const QUICK_MESSAGE_LIMITS = { max: 500, shortcutMax: 50, textMax: 4096 } as const;
export const QUICK_MESSAGE_VARIABLES = ['name', 'firstName', 'phone', 'email', 'operator'] as const;
export type TQuickMessageVariable = (typeof QUICK_MESSAGE_VARIABLES)[number];

export const ZQuickMessageBody = z.object({
  /** Without the leading slash; letters, digits, '-' and '_'. */
  shortcut: z
    .string({ error: 'required' })
    .trim()
    .transform((v) => v.replace(/^\/+/, ''))
    .pipe(
      z
        .string()
        .min(1, { error: 'required' })
        .max(QUICK_MESSAGE_LIMITS.shortcutMax, { error: 'tooLong' })
        .regex(/^[\p{L}\p{N}_-]+$/u, { error: 'invalid' }),
    ),
  text: z
    .string({ error: 'quickMessageEmpty' })
    .trim()
    .min(1, { error: 'quickMessageEmpty' })
    .max(QUICK_MESSAGE_LIMITS.textMax, { error: 'tooLong' }),
});
export type TQuickMessageBody = z.infer<typeof ZQuickMessageBody>;

export const ZQuickMessage = z.object({
  _id: z.string(),
  shortcut: z.string(),
  text: z.string(),
  createdAt: zIsoDate,
  updatedAt: zIsoDate,
});
export type TQuickMessage = z.infer<typeof ZQuickMessage>;

/** Fills {{variable}} placeholders; unknown ones stay as typed, missing values become ''. */
export function renderQuickMessage(
  text: string,
  ctx: Partial<Record<TQuickMessageVariable, string | null>>,
): string {
  return text.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (whole, name: string) => {
    if (!(QUICK_MESSAGE_VARIABLES as readonly string[]).includes(name)) return whole;
    return ctx[name as TQuickMessageVariable] ?? '';
  });
}
