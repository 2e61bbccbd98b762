import i18n, { type BackendModule, type ResourceKey, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { TLang } from '@atende/shared';
import { readItem, writeItem } from './storage';
import { ApiError } from './api-client';
import { loadChunk } from './lazy-page';

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
  'team-chat',
  'contacts',
  'contacts-import',
  'leads',
  'inbox',
  'settings',
  'quick-messages',
  'automations',
  'departments',
  'templates',
  'chatbots',
  'statement',
  'app-store',
  'surveys',
  'campaigns',
  'faq',
  'knowledge',
  'errors',
  'validation',
] as const;
export type TNamespace = (typeof NAMESPACES)[number];

/**
 * What the sign-in and status pages show, plus every error text: loaded with i18n itself
 * (app/locale-bundles/<lang>.core.ts). Keep in step with the globs of those files.
 */
export const CORE_NAMESPACES: readonly TNamespace[] = [
  'common',
  'auth',
  'shell',
  'errors',
  'validation',
  'status',
];
/** The signed-in app's texts (app/locale-bundles/<lang>.features.ts), loaded with its first page. */
export const FEATURE_NAMESPACES: readonly TNamespace[] = NAMESPACES.filter(
  (ns) => !CORE_NAMESPACES.includes(ns),
);

/** Supported interface languages (packages/shared LANGS; kept here so the entry chunk stays small). */
export const SUPPORTED_LANGS: readonly TLang[] = ['pt-BR', 'en'];

export type TResources = Record<string, Record<string, Record<string, unknown>>>;

/** A language's texts by file: `../../locales/<lang>/<namespace>.json` → texts. */
type TLocaleFiles = Record<string, Record<string, unknown>>;

const bundles = import.meta.glob<TLocaleFiles>('./locale-bundles/*.{core,features}.ts', {
  import: 'default',
});

/**
 * i18next backend: a namespace comes from its language's core or features bundle (one chunk each,
 * fetched once however many namespaces it answers; a failed fetch is retried like a page chunk).
 */
const bundleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lang, ns, callback) {
    const part = (CORE_NAMESPACES as readonly string[]).includes(ns) ? 'core' : 'features';
    const load = bundles[`./locale-bundles/${lang}.${part}.ts`];
    if (!load) {
      callback(null, {});
      return;
    }
    loadChunk(load, `locales-${lang}-${part}`).then(
      (files) => callback(null, (files[`../../locales/${lang}/${ns}.json`] ?? {}) as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function initialLang(): TLang {
  const stored = readItem('lang');
  if (stored === 'en' || stored === 'pt-BR') return stored;
  return 'pt-BR';
}

/**
 * Starts i18n in `lang`. Without `resources` (the app) the texts load per language through the
 * bundle backend: the core namespaces now, the features ones with the first signed-in page
 * (loadFeatureTexts). Tests pass every resource up front (app/locale-resources.ts).
 */
export function setupI18n(lang: TLang = initialLang(), resources?: TResources) {
  if (!i18n.isInitialized) {
    if (!resources) i18n.use(bundleBackend);
    void i18n.use(initReactI18next).init({
      ...(resources ? { resources } : {}),
      lng: lang,
      fallbackLng: 'pt-BR',
      supportedLngs: [...SUPPORTED_LANGS],
      ns: resources ? [...NAMESPACES] : [...CORE_NAMESPACES],
      defaultNS: 'common',
      interpolation: { escapeValue: false, prefix: '{{', suffix: '}}' },
      returnNull: false,
      initImmediate: false,
    } as Parameters<typeof i18n.init>[0]);
    syncDocumentLang(lang);
  }
  return i18n;
}

/**
 * Loads the signed-in app's texts in the current language (and, once loaded, i18next loads them
 * for any language switched to before switching). Awaited by the lazy pages outside sign-in.
 */
export async function loadFeatureTexts(): Promise<void> {
  await i18n.loadNamespaces([...FEATURE_NAMESPACES]);
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
