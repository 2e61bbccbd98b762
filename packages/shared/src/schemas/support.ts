import { z } from 'zod';
import { zUuid } from './common';

/** The help form (issue 13; spec §8 form submission): a message to the installation's support address. */
export const SUPPORT_LIMITS = {
  subjectMax: 150,
  messageMax: 5000,
  /** Messages a user may send per window. */
  perWindow: 5,
  windowSeconds: 3600,
} as const;

export const ZSupportMessageBody = z.object({
  subject: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(SUPPORT_LIMITS.subjectMax, { error: 'tooLong' }),
  message: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(SUPPORT_LIMITS.messageMax, { error: 'tooLong' }),
  /** The account the user was in (named in the mail when they belong to it). */
  acc: zUuid.optional(),
});
export type TSupportMessageBody = z.infer<typeof ZSupportMessageBody>;
