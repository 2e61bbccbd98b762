import type { TFunction } from 'i18next';
import type { TContact } from '@atende/shared';
import { serverFieldErrors } from '../../app/forms';
import { withDefaultCountry } from '../../app/format';
import { nationalPhone } from '../../app/format';

export interface TCustomFieldRow {
  /** Row identity while editing (not sent). */
  id: string;
  key: string;
  value: string;
  /** The stored value, kept (with its type) while the text is unchanged. */
  original?: string | number | boolean | null;
}

/** The drawer's form values. */
export interface TContactFormValues {
  name: string;
  phone: string;
  email: string;
  phase: string | null;
  tags: string[];
  blocked: boolean;
  optOut: boolean;
  customFields: TCustomFieldRow[];
}

let rowSeq = 0;
export const newRowId = () => `row-${++rowSeq}`;

export function emptyContactValues(phase: string | null): TContactFormValues {
  return { name: '', phone: '', email: '', phase, tags: [], blocked: false, optOut: false, customFields: [] };
}

export function contactValues(contact: TContact): TContactFormValues {
  return {
    name: contact.name,
    phone: nationalPhone(contact.phone),
    email: contact.email ?? '',
    phase: contact.phase,
    tags: contact.tags,
    blocked: contact.blocked,
    optOut: contact.optOut,
    customFields: Object.entries(contact.customFields ?? {}).map(([key, value]) => ({
      id: newRowId(),
      key,
      value: value === null ? '' : String(value),
      original: value,
    })),
  };
}

const textOf = (value: TCustomFieldRow['original']) =>
  value === null || value === undefined ? '' : String(value);

/** The API's `data` for the values: phones without their own +country get +55 (spec §5). */
export function contactData(values: TContactFormValues) {
  const customFields: Record<string, string | number | boolean | null> = {};
  for (const row of values.customFields) {
    const key = row.key.trim();
    if (!key) continue;
    const unchanged = row.original !== undefined && textOf(row.original) === row.value;
    customFields[key] = unchanged ? (row.original ?? null) : row.value;
  }
  return {
    name: values.name,
    phone: withDefaultCountry(values.phone) || null,
    email: values.email.trim() || null,
    phase: values.phase || null,
    tags: values.tags,
    blocked: values.blocked,
    optOut: values.optOut,
    customFields,
  };
}

/** Server VALIDATION_FAILED fields (paths 'data.phone', ...) as errors of the form's fields. */
export function contactServerErrors(t: TFunction, error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(serverFieldErrors(t, error))) {
    const field = path.replace(/^data\./, '');
    errors[field.startsWith('customFields') ? 'customFields' : field] = message;
  }
  return errors;
}
