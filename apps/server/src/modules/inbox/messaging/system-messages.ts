import type { TLang } from '@atende/shared';

/**
 * Who made an automatic change: `actorKind` says it was the automations (the web names them in
 * the reader's language; `actor` is the name in the account's, for the stored text).
 */
type TAutomaticActor = { actor: string; actorKind?: 'automation' };

/** Stage changes recorded in the conversation as system messages (the web may translate `template.system`). */
export type TSystemEvent =
  | { system: 'taken'; operator: string }
  | { system: 'assigned'; operator: string }
  | ({ system: 'transferred'; operator?: string; department?: string; note?: string } & TAutomaticActor)
  | ({ system: 'closed'; reason: string; subReason?: string | null } & TAutomaticActor)
  | { system: 'inactivity' }
  | { system: 'reopened'; actor: string }
  // Chatbots (issue 14): a bot handed the conversation to the queue; an operator handed it back to a bot.
  | { system: 'handover'; actor: string }
  | ({ system: 'bot'; bot: string } & TAutomaticActor)
  // On hold (issue 13): until a moment (ISO) or the customer's next message; back to attendance.
  | { system: 'held'; actor: string; until: string }
  | { system: 'heldUntilReply'; actor: string }
  | { system: 'resumed'; actor: string }
  | { system: 'holdEnded' }
  | { system: 'customerReplied' };

/** A hold's end in the stored text (the web shows it in the reader's time zone). */
const when = (iso: string, lang: TLang) =>
  `${new Date(iso).toLocaleString(lang, { timeZone: 'UTC', dateStyle: 'short', timeStyle: 'short' })} UTC`;

const TEXTS: Record<TLang, (e: TSystemEvent) => string> = {
  'pt-BR': (e) => {
    switch (e.system) {
      case 'taken':
        return `${e.operator} assumiu a conversa`;
      case 'assigned':
        return `Conversa distribuída automaticamente para ${e.operator}`;
      case 'transferred':
        return `${e.actor} transferiu a conversa para ${e.operator ?? `o departamento ${e.department}`}${e.note ? `: ${e.note}` : ''}`;
      case 'closed':
        return `${e.actor} encerrou a conversa (${[e.reason, e.subReason].filter(Boolean).join(' / ')})`;
      case 'inactivity':
        return 'Conversa encerrada por inatividade';
      case 'reopened':
        return `${e.actor} reabriu a conversa`;
      case 'handover':
        return `${e.actor} passou a conversa para a fila de atendimento`;
      case 'bot':
        return `${e.actor} devolveu a conversa ao chatbot ${e.bot}`;
      case 'held':
        return `${e.actor} colocou a conversa em espera até ${when(e.until, 'pt-BR')}`;
      case 'heldUntilReply':
        return `${e.actor} colocou a conversa em espera até a próxima mensagem do cliente`;
      case 'resumed':
        return `${e.actor} retomou a conversa`;
      case 'holdEnded':
        return 'A espera terminou: a conversa voltou ao atendimento';
      case 'customerReplied':
        return 'O cliente respondeu: a conversa voltou ao atendimento';
    }
  },
  en: (e) => {
    switch (e.system) {
      case 'taken':
        return `${e.operator} took the conversation`;
      case 'assigned':
        return `Conversation assigned automatically to ${e.operator}`;
      case 'transferred':
        return `${e.actor} transferred the conversation to ${e.operator ?? `the ${e.department} department`}${e.note ? `: ${e.note}` : ''}`;
      case 'closed':
        return `${e.actor} closed the conversation (${[e.reason, e.subReason].filter(Boolean).join(' / ')})`;
      case 'inactivity':
        return 'Conversation closed for inactivity';
      case 'reopened':
        return `${e.actor} reopened the conversation`;
      case 'handover':
        return `${e.actor} handed the conversation over to the queue`;
      case 'bot':
        return `${e.actor} handed the conversation back to the chatbot ${e.bot}`;
      case 'held':
        return `${e.actor} put the conversation on hold until ${when(e.until, 'en')}`;
      case 'heldUntilReply':
        return `${e.actor} put the conversation on hold until the customer's next message`;
      case 'resumed':
        return `${e.actor} resumed the conversation`;
      case 'holdEnded':
        return 'The hold ended: the conversation is back in attendance';
      case 'customerReplied':
        return 'The customer replied: the conversation is back in attendance';
    }
  },
};

/** The stored system message: readable text in the actor's language plus the event itself. */
export function systemMessage(event: TSystemEvent, lang: TLang = 'pt-BR') {
  return {
    authorType: 'system' as const,
    kind: 'text' as const,
    body: TEXTS[lang](event),
    template: { ...event } as Record<string, unknown>,
    private: true,
    ack: 0,
  };
}
