import { z } from 'zod';
import { isPasswordAcceptable, isValidEmail, normalizePhone } from '../validation';
import { ROLES } from '../roles';

/** Field builders whose error messages are VALIDATION_MESSAGES keys. */
export const zRequiredText = (max = 200) =>
  z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });

export const zEmail = z
  .string({ error: 'required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'required' })
  .refine(isValidEmail, { error: 'email' });

/** A phone in any format; the output is E.164 (default country code 55). */
export const zPhone = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .transform((value, ctx) => {
    const e164 = normalizePhone(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: 'phone' });
      return z.NEVER;
    }
    return e164;
  });

export const zPassword = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .refine(isPasswordAcceptable, { error: 'passwordWeak' });

export const zRole = z.enum(ROLES, { error: 'selectRequired' });
export const zUuid = z.uuid({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid') });
export const zIdList = z.array(z.string().trim().min(1).max(100)).max(500).default([]);

/** The account of a product call (`?acc=`): every tenant route's query starts from it (DESIGN.md §4). */
export const ZAccQuery = z.object({ acc: zUuid });
export type TAccQuery = z.infer<typeof ZAccQuery>;

/** An ISO 8601 timestamp as entities go out (`createdAt`, ...). */
export const zIsoDate = z.string().meta({ format: 'date-time' });

/** The failure envelope of DESIGN.md §3 (documentation: every route may answer it). */
export const ZErrorEnvelope = z.looseObject({
  status: z.literal(0),
  code: z.string(),
  message: z.string(),
});

/** An image the page shows: an http(s) address, or one of this server's own paths. */
export const zImageUrl = z
  .string()
  .trim()
  .max(2048, { error: 'tooLong' })
  .regex(/^(https?:\/\/[^\s"'<>]+|\/[^/\s"'<>][^\s"'<>]*)$/i, { error: 'url' });
