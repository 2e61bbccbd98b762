import type { TLang } from '@atende/shared';

/*
 * Copies of two tiny packages/shared rules (resolveLang, isValidEmail) for the sign-in route:
 * importing them from packages/shared would pull its phone-number parser into the login chunk.
 * lang-rules.test.ts checks they answer exactly like the shared ones.
 */

/** 'en' when the language contains 'en', else pt-BR when supported, else English (spec §4). */
export function loginLanguage(lang: string | null | undefined): TLang {
  const value = (lang ?? '').toLowerCase();
  if (value.includes('en')) return 'en';
  if (value.startsWith('pt')) return 'pt-BR';
  return 'en';
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL_RE.test(value);
}
