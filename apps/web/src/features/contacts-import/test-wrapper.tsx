import { type ReactNode, useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { i18n } from '../../app/i18n';
import { theme } from '../../app/theme';

/**
 * Mantine in its test mode (no transitions or portals, so a Select's options open at once),
 * i18n, a router and a fresh query client around a component of the import page.
 */
export function TestWrapper({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <MantineProvider theme={theme} env="test">
            {children}
          </MantineProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
}
