import { type ReactNode, useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TAccountDetails } from '@atende/shared';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { i18n } from '../../app/i18n';
import { resetSession } from '../../app/session';
import { theme } from '../../app/theme';

/** Mantine in test mode (no portals or transitions), toasts, i18n, a router and a fresh query client. */
export function AdminTestWrapper({ children, path = '/' }: { children: ReactNode; path?: string }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <MantineProvider theme={theme} env="test">
            <Notifications />
            {children}
          </MantineProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </MemoryRouter>
  );
}

export const TEST_ACC = '0190aaaa-0000-7000-8000-0000000000a1';

/** A signed-in admin of an account in São Paulo on the Pro plan (300 conversations a month). */
export function signInTestAdmin(): void {
  resetSession({
    token: 'token',
    status: 'ready',
    account: {
      acc: { _id: TEST_ACC, id: TEST_ACC, name: 'Loja', timezone: 'America/Sao_Paulo' },
      accPlan: { planParameters: { conversations: 300, chatbots: 1 } },
      accFinancial: {
        usage: { periodStart: '2025-03-01', periodEnd: '2025-03-31', conversations: 12, limit: 300 },
      },
      userAccAccessAcl: 'admin',
    } as unknown as TAccountDetails,
  });
}
