import { useState } from 'react';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { errorText, validationText } from './i18n';

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

/** What useFormSave needs of a form: where field errors go (a @mantine/form form has both). */
export interface TFieldErrorSink {
  setFieldError: (path: string, error: string) => void;
  setErrors: (errors: Record<string, string>) => void;
}

/**
 * Saving a form (the web's one mutation state outside TanStack Query: the sign-in pages, which load
 * no query client, and dialogs): busy while `save` runs; a refusal goes on the field it names
 * (`fieldOf` a code, or the server's field errors through `foldErrors`), anything else into
 * `failure`. Without a form (`null`) every refusal is a `failure`; `onError` sees each refusal
 * first.
 */
export function useFormSave(
  form: TFieldErrorSink | null,
  t: TFunction,
  options: {
    fieldOf?: Partial<Record<string, string>>;
    foldErrors?: (errors: Record<string, string>) => Record<string, string>;
    onError?: (error: unknown) => void;
  } = {},
) {
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async (action: () => Promise<unknown>) => {
    setSaving(true);
    setFailure(null);
    try {
      await action();
    } catch (err) {
      options.onError?.(err);
      const field = err instanceof ApiError && err.code ? options.fieldOf?.[err.code] : undefined;
      if (!form) setFailure(errorText(t, err));
      else if (field) form.setFieldError(field, errorText(t, err));
      else if (err instanceof ApiError && err.fields.length > 0) {
        const errors = serverFieldErrors(t, err);
        form.setErrors(options.foldErrors ? options.foldErrors(errors) : errors);
      } else setFailure(errorText(t, err));
    } finally {
      setSaving(false);
    }
  };
  return { saving, failure, setFailure, save };
}
