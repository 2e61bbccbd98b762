import '@testing-library/jest-dom/vitest';
import { type ReactNode, useState } from 'react';
import { cleanup, configure } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { afterEach } from 'vitest';
import { i18n, setupI18n } from '../app/i18n';
import { buildResources } from '../app/locale-resources';
import { theme } from '../app/theme';

// findBy… and waitFor wait for what the user would see up to 5 s (the library's 1 s default failed
// now and then in CI, where the suites run side by side on two cores): a passing test does not
// wait longer, only a failing one reports later.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs that Mantine uses. The tests' browser prefers reduced motion,
// and the theme respects it: Mantine's transitions then change state at once instead of on timers,
// and no transition timer fires after a test file's environment is gone (it did once in CI: a
// state update on a torn-down window, 'window is not defined', failing the whole step).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: /prefers-reduced-motion:\s*reduce/.test(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as any).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
window.HTMLElement.prototype.scrollIntoView ??= () => undefined;

Object.assign(theme, { respectReducedMotion: true });

setupI18n('pt-BR', buildResources());

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

/** Mantine + i18n around a component under test, with a TanStack Query client of its own (as every signed-in page has). */
export function Wrapper({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  );
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MantineProvider theme={theme}>{children}</MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/** A JSON envelope response for a mocked fetch. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
