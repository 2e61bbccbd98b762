import type { ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import type { TContact, TContactPhase, TContactTag } from '@atende/shared';
import { vi } from 'vitest';
import { Wrapper, jsonResponse } from '../../test/setup';

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

export interface TCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: any;
}

type TAnswer = { status?: number; body: unknown } | undefined;
type THandler = (call: TCall) => TAnswer | Promise<TAnswer>;

/**
 * Mocks fetch: each call goes to `handler` (answer `{ body }` for a success envelope's data, or
 * `{ status, body }` for a raw body); the calls are recorded.
 */
export function mockApi(handler: THandler) {
  const calls: TCall[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const call: TCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const answer = await handler(call);
    if (!answer) return jsonResponse(404, { status: 0, code: 'ROUTE_NOT_FOUND', message: 'not mocked' });
    if (answer.status && answer.status >= 400) return jsonResponse(answer.status, answer.body);
    return jsonResponse(200, { status: 1, data: answer.body });
  });
  return { calls, spy };
}

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
