/**
 * Every word a web chat visitor reads (chat page, pre-chat form, widget launcher), in pt-BR and
 * en; the page picks by the visitor's browser (Accept-Language, then navigator.language).
 */
const PT = {
  placeholder: 'Escreva sua mensagem…',
  messageLabel: 'Mensagem',
  send: 'Enviar',
  attach: 'Anexar arquivo',
  name: 'Nome',
  email: 'E-mail',
  phone: 'Telefone',
  optional: '(opcional)',
  required: 'Preencha este campo.',
  prechatTitle: 'Antes de começarmos, conte quem é você.',
  start: 'Iniciar conversa',
  offline: 'Conexão perdida. Reconectando…',
  typing: '{name} está digitando…',
  typingAnon: 'Digitando…',
  failed: 'Opa! Ocorreu um erro e sua mensagem não pôde ser enviada.',
  retry: 'Tentar novamente',
  you: 'Você',
  sending: 'Enviando',
  sent: 'Enviada',
  delivered: 'Entregue',
  read: 'Lida',
  today: 'Hoje',
  yesterday: 'Ontem',
  online: 'Online agora',
  away: 'Normalmente responde em algumas horas',
  closedUntil: 'Voltamos {day} às {time}',
  closedNow: 'Fora do horário de atendimento',
  closedNotice: 'Esta conversa foi encerrada.',
  newConversation: 'Iniciar nova conversa',
  newConversationStarted: 'Nova conversa',
  newReply: 'Nova mensagem',
  minimize: 'Minimizar o chat',
  openChat: 'Abrir o chat',
  closeChat: 'Fechar o chat',
  unread: '{count} mensagens novas',
  unreadOne: '1 mensagem nova',
  chatLog: 'Mensagens da conversa',
  fileTooLarge: 'O arquivo passa do limite de 50 MB.',
  uploading: 'Enviando arquivo…',
  days: 'domingo,segunda,terça,quarta,quinta,sexta,sábado',
  tomorrow: 'amanhã',
};

const EN: Record<keyof typeof PT, string> = {
  placeholder: 'Type your message…',
  messageLabel: 'Message',
  send: 'Send',
  attach: 'Attach a file',
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  optional: '(optional)',
  required: 'Please fill in this field.',
  prechatTitle: 'Before we start, tell us who you are.',
  start: 'Start chat',
  offline: 'Connection lost. Reconnecting…',
  typing: '{name} is typing…',
  typingAnon: 'Typing…',
  failed: 'Oops! An error occurred and your message could not be sent.',
  retry: 'Retry',
  you: 'You',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  today: 'Today',
  yesterday: 'Yesterday',
  online: 'Online now',
  away: 'Typically replies in a few hours',
  closedUntil: 'Back {day} at {time}',
  closedNow: 'Outside our opening hours',
  closedNotice: 'This conversation was closed.',
  newConversation: 'Start a new conversation',
  newConversationStarted: 'New conversation',
  newReply: 'New message',
  minimize: 'Minimize the chat',
  openChat: 'Open the chat',
  closeChat: 'Close the chat',
  unread: '{count} new messages',
  unreadOne: '1 new message',
  chatLog: 'Conversation messages',
  fileTooLarge: 'The file is over the 50 MB limit.',
  uploading: 'Uploading file…',
  days: 'Sunday,Monday,Tuesday,Wednesday,Thursday,Friday,Saturday',
  tomorrow: 'tomorrow',
};

export type TVisitorLang = 'pt-BR' | 'en';
export type TVisitorTexts = typeof PT;

export const VISITOR_TEXTS: Record<TVisitorLang, TVisitorTexts> = { 'pt-BR': PT, en: EN };

/** The visitor's language from Accept-Language: English when it comes before Portuguese, else pt-BR. */
export function visitorLang(acceptLanguage: string | undefined): TVisitorLang {
  for (const part of (acceptLanguage ?? '').toLowerCase().split(',')) {
    const tag = part.trim().split(';')[0];
    if (tag.startsWith('pt')) return 'pt-BR';
    if (tag.startsWith('en')) return 'en';
  }
  return 'pt-BR';
}
