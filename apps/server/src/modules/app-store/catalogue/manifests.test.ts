import { APP_KEYS, DOMAIN_EVENT_NAMES, ZAppField } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { secretFieldsOf } from './app-manifest';
import { APP_MANIFESTS, isDashboardUrl, manifestOf } from './manifests';

describe('app manifests', () => {
  it('declare every app key once', () => {
    expect(APP_MANIFESTS.map((m) => m.key).sort()).toEqual([...APP_KEYS].sort());
  });

  it.each(APP_MANIFESTS.map((m) => [m.key, m] as const))(
    '%s: fields match its settings schema',
    (_key, m) => {
      for (const field of m.fields) expect(ZAppField.parse(field)).toEqual(field);
      expect(m.fields.map((f) => f.key).sort()).toEqual(Object.keys(m.settings.shape).sort());
      for (const field of m.fields) {
        // A required field is refused when missing; an optional one is not.
        const others = Object.fromEntries(
          m.fields
            .filter((f) => f.key !== field.key)
            .map((f) => [f.key, f.kind === 'switch' ? true : 'https://x.test']),
        );
        expect(m.settings.safeParse(others).success).toBe(!field.required);
      }
    },
  );

  it('subscribe only to known domain events and name secret fields', () => {
    for (const m of APP_MANIFESTS)
      for (const event of m.events) expect(DOMAIN_EVENT_NAMES as readonly string[]).toContain(event);
    expect(secretFieldsOf(manifestOf('superlogica')!)).toEqual(['appToken', 'accessToken']);
    expect(secretFieldsOf(manifestOf('openai-compatible')!)).toEqual(['apiKey']);
    expect(manifestOf('nope')).toBeUndefined();
  });
});

describe('the Dashboard app page address', () => {
  it.each([
    ['https://crm.example.com/panel?x=1', true],
    ['http://localhost:5173/panel', true],
    ['http://127.0.0.1:8080', true],
    ['http://[::1]:8080', true],
    ['http://crm.example.com', false],
    ['http://localhost.example.com', false],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['not a url', false],
  ])('%s → %s', (url, ok) => {
    expect(isDashboardUrl(url)).toBe(ok);
  });

  it('refuses http for localhost in production', () => {
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      expect(isDashboardUrl('http://localhost:5173')).toBe(false);
      expect(isDashboardUrl('https://localhost:5173')).toBe(true);
    } finally {
      process.env.NODE_ENV = env;
    }
  });
});
