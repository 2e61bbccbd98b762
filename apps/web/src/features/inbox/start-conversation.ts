import type { TConversation, TConversationList } from '@atende/shared';
import { api } from '../../app/api-client';

/**
 * The open conversation that made a start fail with ACTIVE_CONVERSATION_EXISTS: the error carries
 * no id, so the open tabs are searched by the number's digits (what this member may see).
 */
export async function findOpenConversation(
  acc: string,
  phone: string,
  channelId: string | null,
): Promise<TConversation | null> {
  const digits = phone.replace(/\D/g, '');
  if (!digits) return null;
  const search = digits.length > 11 ? digits.slice(-11) : digits;
  for (const tab of ['attendance', 'waiting'] as const) {
    try {
      const list = await api.get<TConversationList>('/p/chat/conversation/list', {
        acc,
        tab,
        scope: 'all',
        search,
        limit: 20,
      });
      const hit = list.items.find((c) => !channelId || c.channelId === channelId);
      if (hit) return hit;
    } catch {
      // not visible to this member: no link
    }
  }
  return null;
}
