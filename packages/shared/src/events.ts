/**
 * Domain events (DESIGN.md §6b): what happened in one account, emitted by the owning module after
 * its transaction commits. Listeners live in the modules that react (realtime fan-out,
 * distribution, out-of-hours replies, and later chatbots, automations, surveys, roll-ups,
 * webhooks, push). Payloads carry ids and what changed; inbox events also carry the presented
 * conversation/message so the realtime fan-out needs no extra read.
 */
import type { TConversation, TMessage, TMessageReactions } from './schemas/conversations';

export type TMessageDirection = 'inbound' | 'outbound' | 'note' | 'system';
export type TMessageStatus = 'sent' | 'delivered' | 'read' | 'failed';
/** A one-time payment sold through the billing provider (plans are subscriptions, not these). */
export type TCheckoutKind = 'sms_credit';

export interface TDomainEventMap {
  /** A conversation was opened (by a customer message, an operator's start, or a campaign). */
  'conversation.opened': {
    conversationId: string;
    contactId: string;
    channelId: string | null;
    origin: string;
    /** The conversation as the inbox lists it (realtime). */
    conversation: TConversation;
    /** The conversation's event number (conversations.event_seq): its realtime events go out in this order. */
    seq: number;
    /** A chatbot's live test's conversation (conversations.test): see isTestEvent. */
    test?: true;
  };
  /** Anything about a conversation that the inbox lists changed (stage, assignee, unread…). */
  'conversation.updated': {
    conversationId: string;
    conversation: TConversation;
    /** The conversation's event number (conversations.event_seq): its realtime events go out in this order. */
    seq: number;
    /** A chatbot's live test's conversation (conversations.test): see isTestEvent. */
    test?: true;
  };
  /** Taken by an operator, given by distribution, or transferred to an operator/department. */
  'conversation.assigned': {
    conversationId: string;
    assigneeId: string | null;
    previousAssigneeId: string | null;
    departmentId: string | null;
    by: 'take' | 'distribution' | 'transfer' | 'reply';
    /** Automations (issue 17): set when an automation made the change (`automation:<rule id>`). */
    cause?: string;
  };
  'conversation.closed': {
    conversationId: string;
    reason: string | null;
    subReason: string | null;
    closedBy: string | null;
    byInactivity: boolean;
    /** Automations (issue 17): set when an automation closed it (`automation:<rule id>`). */
    cause?: string;
    /** A chatbot's live test's conversation (conversations.test): see isTestEvent. */
    test?: true;
  };
  'conversation.reopened': { conversationId: string; by: string };
  /** Put on hold by its operator (issue 13): until `until`, or the customer's next message (null). */
  'conversation.held': {
    conversationId: string;
    by: string;
    assigneeId: string | null;
    until: string | null;
  };
  /** Back from hold to its operator: they resumed it, the time came, or the customer wrote. */
  'conversation.resumed': {
    conversationId: string;
    assigneeId: string | null;
    by: 'operator' | 'timer' | 'reply';
  };
  /** Typing of the customer or of an operator (in-process only: never stored). */
  'conversation.typing': {
    conversationId: string;
    author: 'contact' | 'operator';
    typing: boolean;
    /** An operator typing in a web chat conversation: where the visitor is, and the first name shown. */
    webchat?: { channelId: string; contactId: string; name: string };
  };
  'message.created': {
    conversationId: string;
    messageId: string;
    direction: TMessageDirection;
    channelId: string | null;
    channelKind: string | null;
    contactId: string | null;
    /** The message as the inbox shows it (realtime). */
    message: TMessage;
    /** The conversation as now listed, when the event carries it (intake). */
    conversation?: TConversation;
    /** The conversation's event number (conversations.event_seq): its realtime events go out in this order. */
    seq: number;
    /** A chatbot's live test's conversation (conversations.test): see isTestEvent. */
    test?: true;
  };
  'message.status': {
    conversationId: string;
    messageId: string;
    ack: number;
    status: TMessageStatus;
    errorCode?: string | null;
    /** A chatbot's live test's conversation (conversations.test): see isTestEvent. */
    test?: true;
  };
  /** A message's emoji reactions changed (the customer's on WhatsApp, or an operator's). */
  'message.reaction': { conversationId: string; messageId: string; reactions: TMessageReactions };
  // `test`: the contact is the visitor of a chatbot's live test (contacts.test): see isTestEvent.
  'contact.created': { contactId: string; source: string; test?: true };
  'contact.updated': { contactId: string; fields: string[]; test?: true };
  'contact.phase_changed': { contactId: string; from: string | null; to: string | null; test?: true };
  /** Automations (issue 17): tags newly on a contact (an edit, a bulk change, a bot or a rule). */
  'contact.tag_added': {
    contactId: string;
    tagIds: string[];
    /** Set when an automation added them (`automation:<rule id>`). */
    cause?: string;
    test?: true;
  };
  /** Automations (issue 17): a customer answered a campaign message (the inbox linked the reply). */
  'campaign.replied': { conversationId: string; contactId: string };
  /** A channel was edited, disabled or deleted: lookups of it must be forgotten. */
  'channel.changed': { channelId: string; change: 'updated' | 'deleted' };
  // Satisfaction surveys (issue 18): a customer's score was recorded (its comment, if any, comes
  // with a later event of the same survey with metric 'comment').
  'survey.answered': {
    surveyId: string;
    conversationId: string;
    contactId: string;
    channelId: string | null;
    metric: 'csat' | 'nps' | 'comment';
    /** The score of the metric (null for a comment). */
    score: number | null;
    comment: string | null;
    operatorId: string | null;
    departmentId: string | null;
  };
  // Departments (issue 13): a department was created, edited (name, distribution, capacity,
  // members) or deleted; conversations routed to a deleted one go back to no department.
  'department.changed': { departmentId: string; change: 'created' | 'updated' | 'deleted' };
  // Deletions other features react to (issue 17: automations turn off the rules that name them).
  'tag.deleted': { tagId: string };
  'template.deleted': { templateId: string };
  'chatbot.deleted': { chatbotId: string };
  // Campaigns (issue 16): delivery reports of a channel that matched none of the inbox's messages
  // (campaign messages go out through the channel adapter, not a conversation), and a campaign
  // that finished sending.
  'delivery.reported': {
    channelId: string;
    statuses: Array<{
      providerMessageId: string;
      status: TMessageStatus;
      errorCode?: string | null;
      at: string;
      /** What the sender attached to the message (WhatsApp's biz_opaque_callback_data: a campaign recipient's id). */
      callbackData?: string | null;
    }>;
  };
  'campaign.finished': { campaignId: string; status: 'finished' | 'canceled' };
  // Billing (issue 16): a one-time payment checkout (an SMS credit package) the billing provider
  // confirmed paid, or that ended unpaid (the session expired or the payment failed). Emitted once
  // per checkout, in the transaction of the provider's signed webhook; the module that sold the
  // item settles it (the campaigns module credits the SMS balance).
  'checkout.paid': {
    checkoutId: string;
    kind: TCheckoutKind;
    /** What was sold (an SMS package id). */
    itemId: string;
    /** Cents of BRL charged. */
    amount: number;
    provider: string;
    providerSessionId: string;
  };
  'checkout.canceled': {
    checkoutId: string;
    kind: TCheckoutKind;
    itemId: string;
    provider: string;
    providerSessionId: string;
    reason: 'expired' | 'failed';
  };
  // App store (issue 19): an install was added, configured, enabled, disabled or removed (in-process:
  // caches of an app's settings, such as the account's own AI provider, forget them).
  'app.changed': {
    installId: string;
    app: string;
    change: 'installed' | 'configured' | 'enabled' | 'disabled' | 'uninstalled';
  };
}

export type TDomainEventName = keyof TDomainEventMap;

export const DOMAIN_EVENT_NAMES = [
  'conversation.opened',
  'conversation.updated',
  'conversation.assigned',
  'conversation.closed',
  'conversation.reopened',
  'conversation.held',
  'conversation.resumed',
  'conversation.typing',
  'message.created',
  'message.status',
  'message.reaction',
  'contact.created',
  'contact.updated',
  'contact.phase_changed',
  // Automations (issue 17).
  'contact.tag_added',
  'campaign.replied',
  'channel.changed',
  // Satisfaction surveys (issue 18).
  'survey.answered',
  // Departments (issue 13).
  'department.changed',
  // Deletions (issue 17).
  'tag.deleted',
  'template.deleted',
  'chatbot.deleted',
  // Campaigns (issue 16).
  'delivery.reported',
  'campaign.finished',
  // Billing (issue 16).
  'checkout.paid',
  'checkout.canceled',
  // App store (issue 19).
  'app.changed',
] as const satisfies readonly TDomainEventName[];

/** One event as listeners receive it: `id` (UUID v7) is what durable handlers are idempotent on. */
export interface TDomainEvent<N extends TDomainEventName = TDomainEventName> {
  id: string;
  name: N;
  accountId: string;
  /** ISO time of the change. */
  at: string;
  data: TDomainEventMap[N];
}

/**
 * An event of a chatbot's live test (the editor's console: conversations.test), which is not a
 * customer's conversation. Decision: the inbox marks the events of a test's conversation
 * (conversation.opened / updated / closed, message.created / status) with `test: true`, and only
 * the bot's runtime (which runs the test) and the test console's web chat follow them; every other
 * listener skips them in its registration (`when: (e) => !isTestEvent(e)`, no job written): no
 * inbox fan-out, survey, automation, outbound webhook, push or roll-up ever sees a test.
 */
export function isTestEvent(event: { data: unknown }): boolean {
  return (event.data as { test?: boolean } | null)?.test === true;
}

/** What an event of a test's conversation adds to its payload (`test: true`); nothing otherwise. */
export const testMark = (test: boolean | null | undefined): { test?: true } => (test ? { test: true } : {});

/** The message status a channel ack stands for (acks only rise: 1 sent, 2 delivered, 3 read, -1 failed). */
export function messageStatusOf(ack: number): TMessageStatus {
  if (ack < 0) return 'failed';
  if (ack >= 3) return 'read';
  if (ack === 2) return 'delivered';
  return 'sent';
}
