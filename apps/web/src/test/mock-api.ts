// The API as web component tests see it: fetch answered by a handler, every call recorded.
import { vi } from 'vitest';
import { jsonResponse } from './setup';

export interface TCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: any;
}

export type TAnswer = { status?: number; body: unknown } | undefined;

/**
 * Mocks fetch: each call goes to `handler` (answer `{ body }` for a success envelope's data, or
 * `{ status, body }` for a raw error body; nothing → 404 ROUTE_NOT_FOUND); the calls are recorded.
 */
export function mockApi(handler: (call: TCall) => TAnswer | Promise<TAnswer>) {
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
