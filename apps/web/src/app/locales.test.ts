import { describe, expect, it } from 'vitest';
import { ERRORS, VALIDATION_MESSAGES } from '@atende/shared';
import { sharedLocaleFiles } from '../../scripts/shared-locales';
import { buildResources } from './locale-resources';

function keys(node: unknown, prefix = ''): string[] {
  if (typeof node !== 'object' || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('locales', () => {
  const resources = buildResources();

  it('pt-BR and en have the same namespaces and keys, none empty', () => {
    expect(Object.keys(resources.en).sort()).toEqual(Object.keys(resources['pt-BR']).sort());
    for (const ns of Object.keys(resources['pt-BR'])) {
      expect(keys(resources.en[ns]).sort(), ns).toEqual(keys(resources['pt-BR'][ns]).sort());
      for (const lang of ['pt-BR', 'en'] as const) {
        for (const key of keys(resources[lang][ns])) {
          const value = key.split('.').reduce<any>((o, k) => o?.[k], resources[lang][ns]);
          expect(typeof value === 'string' && value.length > 0, `${lang} ${ns}:${key}`).toBe(true);
        }
      }
    }
  });

  it('every shared error code and validation message has its pt-BR and en text', () => {
    for (const [code, def] of Object.entries(ERRORS)) {
      expect(resources['pt-BR'].errors[code]).toBe(def['pt-BR'].replace(/\{(\w+)\}/g, '{{$1}}'));
      expect(resources.en.errors[code]).toBe(def.en.replace(/\{(\w+)\}/g, '{{$1}}'));
    }
    for (const [key, def] of Object.entries(VALIDATION_MESSAGES)) {
      expect(resources['pt-BR'].validation[key]).toBe(def['pt-BR']);
      expect(resources.en.validation[key]).toBe(def.en);
    }
  });

  // No build step writes them: after a change in packages/shared, `npm run locales -w @atende/web`.
  it('the generated errors/validation files are up to date with packages/shared', () => {
    for (const [path, content] of Object.entries(sharedLocaleFiles())) {
      const [lang, file] = path.split('/');
      expect(
        `${JSON.stringify(resources[lang as 'en'][file.replace('.json', '')], null, 2)}\n`,
        `${path} (npm run locales -w @atende/web)`,
      ).toBe(content);
    }
  });
});
