import type { TChatbotType } from '@atende/shared';

/** Where a bot of each type is edited (spec §2 routes). */
export function editPath(type: TChatbotType, id: string): string {
  switch (type) {
    case 'flow':
      return `/apps/chatbot/edit/flow/${id}`;
    case 'chatpage':
      return `/apps/chatbot/edit/flow/chatpage/${id}`;
    case 'hybrid':
      return `/apps/chatbot/edit/hybrid/${id}`;
    case 'ai':
      return `/apps/chatbot/edit/ai/${id}`;
  }
}

/** The flow editor of a bot that has a flow (flow, chat page and hybrid bots). */
export function flowPath(type: TChatbotType, id: string): string {
  return type === 'hybrid'
    ? `/apps/chatbot/edit/flow/hybrid/${id}`
    : editPath(type === 'ai' ? 'flow' : type, id);
}

export const createPath = (type: TChatbotType, templateId?: string | null) =>
  `/apps/chatbot/create/${type}${templateId ? `/${encodeURIComponent(templateId)}` : ''}`;

export const chatPagePath = (id: string) => `/apps/chatpage/edit/${id}`;
export const LIST_PATH = '/apps/chatbots';

/** Bots whose answers come from a flow drawn in the editor. */
export const hasFlow = (type: TChatbotType) => type !== 'ai';
