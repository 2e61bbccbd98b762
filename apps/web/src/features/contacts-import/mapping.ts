import type { TImportMapping } from '@atende/shared';

/** What a CSV column becomes: a contact field, a custom field (with its key), or nothing. */
export const FIELD_TARGETS = ['name', 'phone', 'email', 'tags', 'custom', 'ignore'] as const;
export type TFieldTarget = (typeof FIELD_TARGETS)[number];
export type TStandardField = 'name' | 'phone' | 'email' | 'tags';
export const REQUIRED_FIELDS = ['name', 'phone'] as const;
export type TRequiredField = (typeof REQUIRED_FIELDS)[number];

export interface TColumnChoice {
  target: TFieldTarget;
  /** The custom field key, used when target is 'custom'. */
  customKey: string;
}

export type TMappingDraft = TColumnChoice[];

/** Custom field keys the server accepts (packages/shared ZImportMapping). */
const KEY_PATTERN = /^[\p{L}\p{N}_.\- ]{1,50}$/u;

const STANDARD: readonly TFieldTarget[] = ['name', 'phone', 'email', 'tags'];

/** A custom field key made from a column name (characters the server refuses become '_'). */
export function keyFromHeader(column: string): string {
  return column
    .trim()
    .replace(/[^\p{L}\p{N}_.\- ]/gu, '_')
    .slice(0, 50);
}

/** One choice per column, prefilled from the server's suggestion; other columns are ignored. */
export function initialDraft(header: string[], suggested: TImportMapping): TMappingDraft {
  return header.map((column) => {
    const field = (STANDARD as TStandardField[]).find((f) => suggested[f] === column);
    return { target: field ?? 'ignore', customKey: keyFromHeader(column) };
  });
}

/** Sets column `index` to `target`; a contact field is taken from any other column that had it. */
export function assignColumn(draft: TMappingDraft, index: number, target: TFieldTarget): TMappingDraft {
  return draft.map((choice, i) => {
    if (i === index) return { ...choice, target };
    if (STANDARD.includes(target) && choice.target === target) return { ...choice, target: 'ignore' };
    return choice;
  });
}

export function setCustomKey(draft: TMappingDraft, index: number, customKey: string): TMappingDraft {
  return draft.map((choice, i) => (i === index ? { ...choice, customKey } : choice));
}

export type TKeyProblem = 'required' | 'invalid' | 'duplicate';

export interface TDraftCheck {
  ok: boolean;
  /** Required contact fields no column is mapped to. */
  missing: TRequiredField[];
  /** Problems of custom field keys, by column index. */
  keys: Record<number, TKeyProblem>;
}

export function checkDraft(draft: TMappingDraft): TDraftCheck {
  const missing = REQUIRED_FIELDS.filter((field) => !draft.some((c) => c.target === field));
  const keys: Record<number, TKeyProblem> = {};
  const seen = new Map<string, number>();
  draft.forEach((choice, i) => {
    if (choice.target !== 'custom') return;
    const key = choice.customKey.trim();
    if (!key) keys[i] = 'required';
    else if (!KEY_PATTERN.test(key)) keys[i] = 'invalid';
    else if (seen.has(key.toLowerCase())) keys[i] = 'duplicate';
    else seen.set(key.toLowerCase(), i);
  });
  return { ok: missing.length === 0 && Object.keys(keys).length === 0, missing, keys };
}

/** The mapping the API takes: contact field → column name, custom key → column name. */
export function toMapping(header: string[], draft: TMappingDraft): TImportMapping {
  const mapping: TImportMapping = {};
  const customFields: Record<string, string> = {};
  draft.forEach((choice, i) => {
    const column = header[i];
    if (choice.target === 'custom') customFields[choice.customKey.trim()] = column;
    else if (choice.target !== 'ignore') mapping[choice.target] = column;
  });
  if (Object.keys(customFields).length) mapping.customFields = customFields;
  return mapping;
}
