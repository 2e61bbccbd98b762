import type { Page } from 'playwright-core';
import { PASSWORD } from './flows';
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

export interface TInboxSetup {
  acc: string;
  token: string;
  slug: string;
  channelId: string;
}

/**
 * What an admin sets up before the inbox is used, through the API: a web chat channel (with the
 * pre-chat form, so visitors give their name), a quick message and a closing reason with sub-reasons.
 */
export async function setUpInboxByApi(server: TE2eServer, email: string, slug: string): Promise<TInboxSetup> {
  const { accessToken: token } = await call<{ accessToken: string }>(server, 'POST', '/g/auth/login', {
    email,
    password: PASSWORD,
    remember_me: false,
  });
  const { _id: acc } = await call<{ _id: string }>(server, 'GET', '/g/acc/getFirstAcc', undefined, token);
  const channel = await call<{ _id: string }>(
    server,
    'POST',
    `/p/chat/channels?acc=${acc}`,
    { kind: 'webchat', name: 'Chat do site', slug, greeting: 'Olá! Como podemos ajudar?', preChatForm: true },
    token,
  );
  await call(
    server,
    'POST',
    `/p/chat/quick-messages?acc=${acc}`,
    { shortcut: 'boasvindas', text: 'Olá {{firstName}}, aqui é {{operator}}. Seu pedido já foi enviado!' },
    token,
  );
  await call(
    server,
    'POST',
    `/p/chat/closing-reasons?acc=${acc}`,
    { name: 'Dúvida resolvida', subReasons: ['Entrega', 'Pagamento'] },
    token,
  );
  return { acc, token, slug, channelId: channel._id };
}

/** A visitor on the public chat page: gives a name (pre-chat form) and writes. */
export async function visitorStarts(page: Page, slug: string, name: string): Promise<void> {
  await page.goto(`/chat/${slug}`);
  await page.locator('#pre-name').fill(name);
  await page.locator('#pre-start').click();
  await page.locator('#text').waitFor({ state: 'visible' });
}

export async function visitorWrites(page: Page, text: string): Promise<void> {
  await page.locator('#text').fill(text);
  await page.locator('#send').click();
}

/** The inbox's conversation rows. */
export function conversationRows(page: Page) {
  return page.getByTestId('conversation-row');
}
