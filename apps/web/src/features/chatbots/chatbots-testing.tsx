import type { ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { defaultAiSettings, type TAccountDetails, type TChannel, type TChatbot } from '@atende/shared';
import { resetSession } from '../../app/session';
import { Wrapper } from '../../test/setup';

// Whole pages render slowly on a loaded machine: give findBy/waitFor more than the 1 s default.
configure({ asyncUtilTimeout: 5_000 });

/** Test data and providers for the chatbot pages (used by *.test.tsx only). */
export const ACC = '0190f7a8-0000-7000-8000-0000000000ac';
export const WEBCHAT = '0190f7a8-0000-7000-8000-0000000000e1';
export const WHATSAPP = '0190f7a8-0000-7000-8000-0000000000e2';

export function signInAdmin() {
  const account = {
    acc: { _id: ACC, name: 'Loja' },
    userAccAccessAcl: 'admin',
  } as unknown as TAccountDetails;
  resetSession({ token: 't', status: 'ready', account });
}

export const CHANNELS = [
  { _id: WEBCHAT, acc: ACC, kind: 'webchat', name: 'Site da loja', status: 'active' },
  { _id: WHATSAPP, acc: ACC, kind: 'whatsapp-cloud', name: 'WhatsApp Vendas', status: 'active' },
] as unknown as TChannel[];

export function chatbot(patch: Partial<TChatbot> = {}): TChatbot {
  return {
    _id: '0190f7a8-0000-7000-8000-0000000000f1',
    name: 'Atendimento inicial',
    type: 'flow',
    channelIds: [WHATSAPP],
    status: 'draft',
    publishedVersion: null,
    publishedAt: null,
    inFlowNow: 0,
    trainingState: null,
    debounceSeconds: 3,
    handoverKeywords: ['atendente'],
    ai: defaultAiSettings(),
    createdAt: '2026-11-20T12:00:00.000Z',
    updatedAt: '2026-11-20T12:00:00.000Z',
    ...patch,
  };
}

export { mockApi, type TCall } from '../../test/mock-api';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** `ui` as the page of `route` (a react-router pattern), opened at `path`, with every provider. */
export function renderPage(ui: ReactNode, route: string, path: string) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <Notifications />
        <Routes>
          <Route path={route} element={ui} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </QueryClientProvider>
    </MemoryRouter>,
    { wrapper: Wrapper },
  );
}
