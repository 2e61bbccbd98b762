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
export type TRowCheck = { ok: true; row: TImportRow } | { ok: false; errors: TRowError[] };

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
  const phone = rawPhone ? normalizePhone(rawPhone) : null;
  if (!rawPhone) errors.push({ line, field: 'phone', code: 'IMPORT_BLANK_PHONE' });
  else if (!phone) errors.push({ line, field: 'phone', code: 'IMPORT_INVALID_PHONE' });
  const email = cell(columns.email).toLowerCase();
  if (email && !isValidEmail(email)) errors.push({ line, field: 'email', code: 'IMPORT_INVALID_EMAIL' });
  if (errors.length) return { ok: false, errors };
  const customFields: Record<string, string> = {};
  for (const [key, index] of columns.customFields) {
    const value = cell(index);
    if (value) customFields[key] = value.slice(0, 1000);
  }
  const tagNames = cell(columns.tags)
    .split(/[,;|]/)
    .map((t) => t.trim().slice(0, 60))
    .filter(Boolean);
  return {
    ok: true,
    row: { line, name: name.slice(0, 200), phone: phone!, email: email || null, tagNames, customFields },
  };
}
