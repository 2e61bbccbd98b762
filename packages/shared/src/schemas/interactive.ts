import { z } from 'zod';

/**
 * Interactive messages: a text with options the customer picks one of (a bot's menu, a survey's
 * scale). Each channel shows them as natively as it can (providers/*: WhatsApp reply buttons for
 * up to 3 options, a list message for up to 10, numbered text beyond; SMS numbered text; web chat
 * buttons). The customer's pick comes back on their message as `reply` when the channel says
 * which option it was (WhatsApp), and otherwise as typed text that `matchInteractiveOption` reads
 * (the option's number or its title).
 */

/** Meta's limits for interactive messages (Cloud API "interactive" object). */
export const WHATSAPP_INTERACTIVE_LIMITS = {
  buttons: 3,
  buttonTitle: 20,
  listRows: 10,
  rowTitle: 24,
  rowDescription: 72,
  listButton: 20,
  body: 1024,
  header: 60,
  footer: 60,
} as const;

/** At most this many options in one message (beyond a list's 10 they go as numbered text). */
export const MAX_INTERACTIVE_OPTIONS = 50;

export const ZInteractiveOption = z.object({
  /** What the listener matches on (a block exit, a score); never shown. */
  id: z.string().min(1).max(200),
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(200).optional(),
});
export type TInteractiveOption = z.infer<typeof ZInteractiveOption>;

export const ZInteractive = z.object({
  options: z.array(ZInteractiveOption).min(1).max(MAX_INTERACTIVE_OPTIONS),
  /** A short title above the text (WhatsApp header). */
  header: z.string().trim().max(200).optional(),
  /** A short line under the text (WhatsApp footer). */
  footer: z.string().trim().max(200).optional(),
  /** The label of the button that opens a WhatsApp list (default: the first words of "Options"). */
  listButton: z.string().trim().max(200).optional(),
});
export type TInteractive = z.infer<typeof ZInteractive>;

/** The option a customer picked, as the channel reported it. */
export const ZInteractiveReply = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
});
export type TInteractiveReply = z.infer<typeof ZInteractiveReply>;

/** Case, accents, surrounding punctuation and repeated spaces ignored. */
function foldForMatch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s]+/g, ' ')
    .replace(/^[\s.!?,;:]+|[\s.!?,;:]+$/g, '');
}

/** The text and options as plain numbered text (SMS, and WhatsApp beyond a list's rows). */
export function numberedOptionsText(text: string, interactive: TInteractive): string {
  const lines = interactive.options.map((o, i) => `${i + 1}. ${o.title}`);
  return [interactive.header, text, lines.join('\n'), interactive.footer]
    .filter((part) => part && part.trim().length > 0)
    .join('\n\n');
}

/**
 * The option a customer's answer stands for: the reply the channel reported (by id), or a typed
 * answer that is the option's number ("2", "2.", "opção 2" is not) or its title (case and accents
 * ignored). Undefined when the answer is none of them.
 */
export function matchInteractiveOption(
  answer: { text?: string | null; reply?: TInteractiveReply | null },
  options: TInteractiveOption[],
): TInteractiveOption | undefined {
  if (answer.reply) {
    const byId = options.find((o) => o.id === answer.reply!.id);
    if (byId) return byId;
  }
  const typed = (answer.text ?? answer.reply?.title ?? '').trim();
  if (!typed) return undefined;
  const number = typed.match(/^(\d{1,3})[.)]?$/);
  if (number) return options[Number(number[1]) - 1];
  const folded = foldForMatch(typed);
  return options.find((o) => foldForMatch(o.title) === folded);
}
