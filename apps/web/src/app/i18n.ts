import i18n, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { TLang } from '@atende/shared';
import { readItem, writeItem } from './storage';
import { ApiError } from './api-client';

const modules = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', {
  eager: true,
});

export const NAMESPACES = [
  'common',
  'shell',
  'auth',
  'dashboard',
  'account',
  'team',
  'profile',
  'billing',
  'activity',
  'status',
  'areas',
  'team-chat',
  'contacts',
  'contacts-import',
  'leads',
  'inbox',
  'settings',
  'quick-messages',
  'templates',
  'statement',
  'errors',
  'validation',
] as const;

/** Supported interface languages (packages/shared LANGS; kept here so the entry chunk stays small). */
export const SUPPORTED_LANGS: readonly TLang[] = ['pt-BR', 'en'];

/**
 * Locale files per language. `errors.json` and `validation.json` are derived from packages/shared
 * ERRORS / VALIDATION_MESSAGES (scripts/shared-locales.ts, rewritten on every build).
 */
export function buildResources(): Record<TLang, Record<string, Record<string, unknown>>> {
  const resources = {} as Record<TLang, Record<string, Record<string, unknown>>>;
  for (const lang of SUPPORTED_LANGS) resources[lang] = {};
  for (const [path, mod] of Object.entries(modules)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    const lang = match?.[1] as TLang | undefined;
    if (match && lang && resources[lang]) resources[lang][match[2]] = mod.default;
  }
  return resources;
}

export function initialLang(): TLang {
  const stored = readItem('lang');
  if (stored === 'en' || stored === 'pt-BR') return stored;
  return 'pt-BR';
}

export function setupI18n(lang: TLang = initialLang()) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: buildResources(),
      lng: lang,
      fallbackLng: 'pt-BR',
      supportedLngs: [...SUPPORTED_LANGS],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false, prefix: '{{', suffix: '}}' },
      returnNull: false,
      initImmediate: false,
    } as Parameters<typeof i18n.init>[0]);
    syncDocumentLang(lang);
  }
  return i18n;
}

function syncDocumentLang(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** Switches the interface language and remembers it. */
export async function changeLanguage(lang: TLang): Promise<void> {
  writeItem('lang', lang);
  await i18n.changeLanguage(lang);
  syncDocumentLang(lang);
}

export function currentLang(): TLang {
  return i18n.language === 'en' ? 'en' : 'pt-BR';
}

/** Text for a failed call: the server's code in the current language, else its message. */
export function errorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code && i18n.exists(`errors:${error.code}`)) {
      return t(`errors:${error.code}`, { field: error.fields[0]?.path ?? '' });
    }
    if (error.message) return error.message;
  }
  return t('errors:UNKNOWN');
}

/** Text for a VALIDATION_MESSAGES key (zod issue messages of packages/shared). */
export function validationText(t: TFunction, key: string | undefined | null): string {
  if (!key) return '';
  return i18n.exists(`validation:${key}`) ? t(`validation:${key}`) : key;
}

export { i18n };
