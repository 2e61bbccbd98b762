import type { TConversation, TDashboardContext } from '@atende/shared';

/** What a Dashboard app's page is told about the conversation on screen (TDashboardContext). */
export function dashboardContext(
  acc: string,
  c: TConversation,
  user: { _id: string; name: string } | null,
  lang: string,
): TDashboardContext {
  return {
    type: 'atende:context',
    version: 1,
    acc,
    conversation: {
      _id: c._id,
      stage: c.stage,
      channelId: c.channelId,
      channelKind: c.channelKind,
      departmentId: c.departmentId,
      assigneeId: c.assigneeId,
    },
    contact: {
      _id: c.contact._id,
      name: c.contact.name,
      phone: c.contact.phone,
      email: c.contact.email,
      tags: c.contact.tags,
    },
    user,
    lang,
  };
}

/** The origin messages may be delivered to (the page's own), or null for an unusable URL. */
export function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin.startsWith('http') ? origin : null;
  } catch {
    return null;
  }
}
