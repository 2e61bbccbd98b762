import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
// Relative import: the package's .ts source, read by tsx (npm run locales) and by the web tests.
import { ERRORS, LANGS, VALIDATION_MESSAGES } from '../../../packages/shared/src/index';

/** Texts the web adds to the `errors` namespace (client-side failures), per language. */
export const WEB_ERRORS: Record<string, Record<(typeof LANGS)[number], string>> = {
  UNKNOWN: {
    'pt-BR': 'Ocorreu um erro inesperado. Tente novamente.',
    en: 'An unexpected error occurred. Please try again.',
  },
  REQUEST_TIMEOUT: {
    'pt-BR': 'O servidor demorou para responder. Tente novamente.',
    en: 'The server took too long to answer. Please try again.',
  },
  NETWORK_ERROR: {
    'pt-BR': 'Sem conexão com o servidor. Verifique sua internet.',
    en: 'No connection to the server. Check your internet.',
  },
};

/** The `errors` and `validation` namespaces derived from packages/shared ERRORS / VALIDATION_MESSAGES. */
export function sharedLocaleFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const lang of LANGS) {
    const errors: Record<string, string> = {};
    for (const [code, text] of Object.entries(WEB_ERRORS)) errors[code] = text[lang];
    for (const [code, def] of Object.entries(ERRORS))
      errors[code] = def[lang].replace(/\{(\w+)\}/g, '{{$1}}');
    const validation: Record<string, string> = {};
    for (const [key, def] of Object.entries(VALIDATION_MESSAGES)) validation[key] = def[lang];
    files[`${lang}/errors.json`] = `${JSON.stringify(errors, null, 2)}\n`;
    files[`${lang}/validation.json`] = `${JSON.stringify(validation, null, 2)}\n`;
  }
  return files;
}

/** Writes the derived locale files under src/locales when they differ; returns the changed paths. */
export function writeSharedLocales(localesDir: string): string[] {
  const changed: string[] = [];
  for (const [path, content] of Object.entries(sharedLocaleFiles())) {
    const file = resolve(localesDir, path);
    if (existsSync(file) && readFileSync(file, 'utf8') === content) continue;
    writeFileSync(file, content);
    changed.push(path);
  }
  return changed;
}
