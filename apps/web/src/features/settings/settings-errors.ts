import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { validationText } from '../../app/i18n';

/** Translated zod issues by dotted path ('monday.0.end'), first message per path; {} when valid. */
export function issuesByPath(schema: z.ZodType, value: unknown, t: TFunction): Record<string, string> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    out[path] ??= validationText(t, issue.message);
  }
  return out;
}

/** Keeps the errors under `prefix.` without it ('hours.monday.0.end' → 'monday.0.end'). */
export function errorsUnder(errors: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors))
    if (path.startsWith(`${prefix}.`)) out[path.slice(prefix.length + 1)] = message;
  return out;
}
