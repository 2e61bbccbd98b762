// The API as the specs call it outside the browser: JSON in, the envelope's data out.
import type { Page } from 'playwright-core';
import { PASSWORD, storageItem } from './flows';
import type { TE2eServer } from './server';

/** Calls the API with `token` as the bearer; answers the envelope's `data`, or throws with the status and body. */
export async function apiCall<T>(
  server: TE2eServer,
  method: string,
  path: string,
  body?: unknown,
  token?: string | null,
): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { status: number; data: T };
  if (!res.ok || json.status !== 1)
    throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Signs `email` in through the API (the specs' password): its access token and first account. */
export async function apiSignIn(server: TE2eServer, email: string): Promise<{ token: string; acc: string }> {
  const { accessToken: token } = await apiCall<{ accessToken: string }>(server, 'POST', '/g/auth/login', {
    email,
    password: PASSWORD,
    remember_me: false,
  });
  const { _id: acc } = await apiCall<{ _id: string }>(server, 'GET', '/g/acc/getFirstAcc', undefined, token);
  return { token, acc };
}

/** Calls the API as the user signed in on `page` (its token and active account). */
export async function apiAs<T>(
  page: Page,
  server: TE2eServer,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const token = await storageItem(page, 'accessToken');
  const url = new URL(path, server.baseUrl);
  url.searchParams.set('acc', (await storageItem(page, 'activeAcc')) ?? '');
  return apiCall<T>(server, method, `${url.pathname}${url.search}`, body, token);
}
