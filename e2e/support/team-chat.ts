import type { Page } from 'playwright-core';
import { apiCall as call, apiSignIn } from './api';
import { PASSWORD, uniqueEmail } from './flows';
import type { TE2eServer } from './server';

/** A teammate of `ownerEmail`'s first account, invited and accepted through the API. */
export async function addTeammateByApi(
  server: TE2eServer,
  ownerEmail: string,
  name: string,
  acl: 'admin' | 'manager' | 'operator' = 'operator',
): Promise<string> {
  const { token, acc } = await apiSignIn(server, ownerEmail);
  const email = uniqueEmail(name.split(' ')[0].toLowerCase());
  const invite = await call<{ _id: string }>(
    server,
    'POST',
    '/g/user/invite',
    { email, acc, intentions: [], entities: [], acl },
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
