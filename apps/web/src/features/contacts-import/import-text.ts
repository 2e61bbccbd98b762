import type { TImportRowError } from '@atende/shared';
import type { TFunction } from 'i18next';
import { ApiError } from '../../app/api-client';
import { errorText, i18n } from '../../app/i18n';

/** A failed import call: the server's code in the interface language (missing columns keep their list). */
export function importErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code === 'IMPORT_MISSING_COLUMNS' && error.message)
    return error.message;
  return errorText(t, error);
}

/** One problem of a spreadsheet row (blank name or phone cell, invalid phone or e-mail). */
export function rowErrorText(t: TFunction, error: Pick<TImportRowError, 'code' | 'message'>): string {
  return i18n.exists(`errors:${error.code}`) ? t(`errors:${error.code}`) : error.message;
}
