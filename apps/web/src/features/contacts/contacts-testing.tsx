import type { ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import type { TContact, TContactPhase, TContactTag } from '@atende/shared';
import { Wrapper } from '../../test/setup';

// Whole pages render slowly on a loaded machine: give findBy/waitFor more than the 1 s default.
configure({ asyncUtilTimeout: 5_000 });

/** Test data and providers for the contacts and leads components (used by *.test.tsx only). */
export const ACC = '0190f7a8-0000-7000-8000-0000000000ac';
export const PHASES: TContactPhase[] = [
  {
    _id: '0190f7a8-0000-7000-8000-0000000000b1',
    acc: ACC,
    name: 'Novo',
    key: 'new',
    color: '#228be6',
    order: 0,
  },
  {
    _id: '0190f7a8-0000-7000-8000-0000000000b2',
    acc: ACC,
    name: 'Qualificado',
    key: 'qualified',
    color: '#7950f2',
    order: 1,
  },
];
export const TAGS: TContactTag[] = [
  { _id: '0190f7a8-0000-7000-8000-0000000000c1', acc: ACC, name: 'VIP', color: '#be4bdb' },
];

export function contact(patch: Partial<TContact>): TContact {
  return {
    _id: '0190f7a8-0000-7000-8000-0000000000d1',
    acc: ACC,
    name: 'Ana Souza',
    email: null,
    phone: '+5511987654321',
    profilePic: null,
    type: 'manual',
    phase: PHASES[0]._id,
    inbox: null,
    chat: null,
    status: 'active',
    tags: [],
    customFields: {},
    blocked: false,
    optOut: false,
    source: 'manual',
    createdAt: '2026-01-10T12:00:00.000Z',
    updatedAt: '2026-01-10T12:00:00.000Z',
    deletedAt: null,
    mergedInto: null,
    ...patch,
  };
}

export { mockApi, type TCall } from '../../test/mock-api';

/** The current path and query, for assertions on URL state. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Router (at `path`), TanStack Query (no retries), Mantine, i18n and toasts. */
export function renderWithProviders(ui: ReactNode, path = `/apps/contacts?acc=${ACC}`) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <Notifications />
        {ui}
        <LocationProbe />
      </QueryClientProvider>
    </MemoryRouter>,
    { wrapper: Wrapper },
  );
  return { ...result, client };
}
