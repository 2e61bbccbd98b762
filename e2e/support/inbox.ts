import type { Page } from 'playwright-core';
import { apiCall as call, apiSignIn } from './api';
import type { TE2eServer } from './server';

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
  const { token, acc } = await apiSignIn(server, email);
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
