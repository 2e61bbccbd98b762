import type { TLang } from '@atende/shared';

/**
 * Every locale file of every language at once (tests and checks only: the app loads them per
 * language in two bundles, app/locale-bundles, through the i18n backend of app/i18n.ts).
 */
export function buildResources(): Record<TLang, Record<string, Record<string, unknown>>> {
  const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
    eager: true,
    import: 'default',
  });
  const resources: Record<TLang, Record<string, Record<string, unknown>>> = { 'pt-BR': {}, en: {} };
  for (const lang of Object.keys(resources) as TLang[]) {
    const prefix = `../locales/${lang}/`;
    for (const [path, texts] of Object.entries(files)) {
      if (path.startsWith(prefix)) resources[lang][path.slice(prefix.length, -'.json'.length)] = texts;
    }
  }
  return resources;
}
