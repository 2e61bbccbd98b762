import type { TPushEvent } from '@atende/shared';

const TEXTS: Record<'pt-BR' | 'en', Record<TPushEvent, string> & { file: string }> = {
  'pt-BR': {
    assigned: 'Conversa atribuída a você',
    message: 'Nova mensagem de {name}',
    department: 'Conversa aguardando no seu departamento',
    file: '[arquivo]',
  },
  en: {
    assigned: 'Conversation assigned to you',
    message: 'New message from {name}',
    department: 'A conversation is waiting in your department',
    file: '[file]',
  },
};

/** A notification's title and body in the user's language. */
export function pushTexts(lang: string, kind: TPushEvent, contactName: string, text: string | null) {
  const t = TEXTS[lang === 'en' ? 'en' : 'pt-BR'];
  const name = contactName || '—';
  if (kind === 'message')
    return { title: t.message.replace('{name}', name), body: (text ?? t.file).slice(0, 140) || t.file };
  return { title: t[kind], body: name };
}
