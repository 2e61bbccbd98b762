import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { validationText } from './i18n';

/**
 * A @mantine/form validator from a packages/shared zod schema: issue messages are
 * VALIDATION_MESSAGES keys, shown in the current language.
 */
export function zodValidator<T>(schema: z.ZodType, t: TFunction, transform?: (values: T) => unknown) {
  return (values: T): Record<string, string> => {
    const parsed = schema.safeParse(transform ? transform(values) : values);
    if (parsed.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      if (!errors[path]) errors[path] = validationText(t, issue.message);
    }
    return errors;
  };
}

/** Field errors sent by the server (VALIDATION_FAILED fields[]) as form errors. */
export function serverFieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const errors: Record<string, string> = {};
  for (const field of error.fields) errors[field.path] = validationText(t, field.key) || field.message;
  return errors;
}
