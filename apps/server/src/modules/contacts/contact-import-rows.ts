import { isValidEmail, normalizePhone, type TImportMapping, type TImportRowError } from '@atende/shared';

/** Column indexes of a mapping on a header. */
export interface TColumns {
  name: number;
  phone: number;
  email: number | null;
  tags: number | null;
  customFields: Array<[key: string, index: number]>;
}

export type TRequiredField = 'name' | 'phone';

/** Resolves a mapping (field → header name) to column indexes, or lists the required fields missing. */
export function resolveColumns(
  header: string[],
  mapping: TImportMapping,
): { columns: TColumns; missing?: undefined } | { missing: TRequiredField[] } {
  const indexOf = (name: string | undefined) => (name ? header.indexOf(name) : -1);
  const name = indexOf(mapping.name);
  const phone = indexOf(mapping.phone);
  const missing: TRequiredField[] = [];
  if (name < 0) missing.push('name');
  if (phone < 0) missing.push('phone');
  if (missing.length) return { missing };
  const optional = (n: string | undefined) => (indexOf(n) >= 0 ? indexOf(n) : null);
  const customFields = Object.entries(mapping.customFields ?? {})
    .map(([key, column]) => [key, header.indexOf(column)] as [string, number])
    .filter(([, index]) => index >= 0);
  return {
    columns: { name, phone, email: optional(mapping.email), tags: optional(mapping.tags), customFields },
  };
}

export interface TImportRow {
  line: number;
  name: string;
  phone: string;
  email: string | null;
  tagNames: string[];
  customFields: Record<string, string>;
}

export type TRowError = Omit<TImportRowError, 'message'>;

/**
 * Brazil's national-number pattern in libphonenumber-js's metadata (the one `isValid()` applies
 * when, as for Brazil, the metadata has no per-type patterns). contact-import-rows.test.ts checks
 * this fast path against normalizePhone itself, so a library update that changes it fails there.
 */
const BR_NATIONAL = /^(?:[1-467]\d{9,10}|55[0-46-9]\d{8}|[34]\d{7}|55\d{7,8}|(?:5[0-46-9]|[89]\d)\d{7,9})$/;
/** 10 or 11 digits that no national-prefix rule touches (no leading 0, no leading 90). */
const PLAIN_BR = /^(?:\+55)?([1-8]\d|9[1-9])\d{8,9}$/;

/**
 * normalizePhone with a fast path: a Brazilian number (digits with any punctuation, or +55 and
 * digits) whose national part matches the pattern is `+55` and those digits — exactly what
 * libphonenumber answers for it, without building a parsed number (the slow part of an import).
 * Everything else goes through normalizePhone.
 */
export function normalizeImportPhone(raw: string): string | null {
  const digits = raw.replace(/[^\d+]/g, '');
  if (PLAIN_BR.test(digits)) {
    const national = digits.startsWith('+') ? digits.slice(3) : digits;
    if (BR_NATIONAL.test(national)) return `+55${national}`;
  }
  return normalizePhone(raw);
}
export type TRowCheck = { ok: true; row: TImportRow } | { ok: false; errors: TRowError[] };

/** Custom fields of rows when the mapping has none (shared; never written to). */
const NO_FIELDS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * Checks one data record (spreadsheet line `line`, header = line 1): blank name or phone cells,
 * invalid phone (default country 55) or e-mail. Valid rows come out normalized (E.164 phone).
 */
export function checkRow(cells: string[], line: number, columns: TColumns): TRowCheck {
  const cell = (index: number | null) => (index === null ? '' : (cells[index] ?? '').trim());
  const errors: TRowError[] = [];
  const name = cell(columns.name);
  if (!name) errors.push({ line, field: 'name', code: 'IMPORT_BLANK_NAME' });
  const rawPhone = cell(columns.phone);
  const phone = rawPhone ? normalizeImportPhone(rawPhone) : null;
  if (!rawPhone) errors.push({ line, field: 'phone', code: 'IMPORT_BLANK_PHONE' });
  else if (!phone) errors.push({ line, field: 'phone', code: 'IMPORT_INVALID_PHONE' });
  const email = cell(columns.email).toLowerCase();
  if (email && !isValidEmail(email)) errors.push({ line, field: 'email', code: 'IMPORT_INVALID_EMAIL' });
  if (errors.length) return { ok: false, errors };
  const customFields: Record<string, string> = columns.customFields.length ? {} : NO_FIELDS;
  for (const [key, index] of columns.customFields) {
    const value = cell(index);
    if (value) customFields[key] = value.slice(0, 1000);
  }
  const tagCell = cell(columns.tags);
  const tagNames = !tagCell
    ? []
    : /[,;|]/.test(tagCell)
      ? tagCell
          .split(/[,;|]/)
          .map((t) => t.trim().slice(0, 60))
          .filter(Boolean)
      : [tagCell.slice(0, 60)];
  return {
    ok: true,
    row: { line, name: name.slice(0, 200), phone: phone!, email: email || null, tagNames, customFields },
  };
}
