/** A typed search box's text, read the same way by every list that searches (contacts, inbox). */

/** What a typed search becomes: phone digits, or text still to fold (see foldSearchText). */
export type TSearchTerm = { kind: 'digits'; value: string } | { kind: 'text'; value: string };

const PHONE_LIKE = /^[\d\s()+\-.]+$/;

/**
 * Reads a typed search: anything made only of digits and phone punctuation ("(11) 98765-4321",
 * "+55 11 9876") is a phone fragment and searches by its digits; anything else is text.
 */
export function searchTermOf(raw: string | undefined): TSearchTerm | null {
  const value = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (!value) return null;
  const digits = value.replace(/\D/g, '');
  if (PHONE_LIKE.test(value) && digits.length > 0) return { kind: 'digits', value: digits };
  return { kind: 'text', value };
}

/** True when the fold can be done here: for ASCII, contacts_fold (unaccent + lower) is toLowerCase. */
export function isAsciiText(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range itself
  return /^[\x00-\x7f]*$/.test(value);
}

/** LIKE pattern matching `fragment` anywhere (its own % _ \ taken literally). */
export function containsPattern(fragment: string): string {
  return `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
