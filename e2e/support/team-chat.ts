import type { Page } from 'playwright-core';
import { PASSWORD, uniqueEmail } from './flows';
import type { TE2eServer } from './server';

async function call<T>(
  server: TE2eServer,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
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

/** A teammate of `ownerEmail`'s first account, invited and accepted through the API. */
export async function addTeammateByApi(
  server: TE2eServer,
  ownerEmail: string,
  name: string,
  acl: 'admin' | 'manager' | 'operator' = 'operator',
): Promise<string> {
  const login = await call<{ accessToken: string }>(server, 'POST', '/g/auth/login', {
    email: ownerEmail,
    password: PASSWORD,
    remember_me: false,
  });
  const token = login.accessToken;
  const first = await call<{ _id: string }>(server, 'GET', '/g/acc/getFirstAcc', undefined, token);
  const email = uniqueEmail(name.split(' ')[0].toLowerCase());
  const invite = await call<{ _id: string }>(
    server,
    'POST',
    '/g/user/invite',
    { email, acc: first._id, intentions: [], entities: [], acl },
    token,
  );
  await call(server, 'POST', '/g/user/invited/update', {
    name,
    phone: '11987654321',
    email,
    password: PASSWORD,
    invatation: invite._id,
  });
  return email;
}

/** The floating team chat button (its name carries the unread count). */
export function chatButton(page: Page) {
  return page.getByRole('button', { name: /chat interno|team chat/i });
}

/** The open panel. */
export function chatPanel(page: Page) {
  return page.getByRole('dialog', { name: 'Chat Interno - Beta' });
}

/** Opens the panel (when closed) and waits for it. */
export async function openChat(page: Page): Promise<void> {
  const panel = chatPanel(page);
  if (!(await panel.isVisible())) await chatButton(page).click();
  await panel.waitFor();
}
