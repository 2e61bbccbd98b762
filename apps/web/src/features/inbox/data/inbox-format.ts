import type { TChannelKind, TConversation } from '@atende/shared';
import { LIMITS } from '@atende/shared';
import { intlLocale } from '../../../app/format';

const locale = intlLocale;

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

const DAY = 86_400_000;

/** How many calendar days ago (0 today, 1 yesterday). */
export function daysAgo(iso: string, now = new Date()): number {
  return Math.round((startOfDay(now) - startOfDay(new Date(iso))) / DAY);
}

/** List time: 14:05 today, 'yesterday', the weekday within a week, else 12/03/25. */
export function listTime(iso: string, lang: string, yesterday: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const days = daysAgo(iso, now);
  if (days <= 0)
    return new Intl.DateTimeFormat(locale(lang), { hour: '2-digit', minute: '2-digit' }).format(date);
  if (days === 1) return yesterday;
  if (days < 7) return new Intl.DateTimeFormat(locale(lang), { weekday: 'short' }).format(date);
  return new Intl.DateTimeFormat(locale(lang), { day: '2-digit', month: '2-digit', year: '2-digit' }).format(
    date,
  );
}

export function clockTime(iso: string, lang: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale(lang), { hour: '2-digit', minute: '2-digit' }).format(date);
}

/** Day separator: 'Today', 'Yesterday' or the full date. */
export function dayLabel(
  iso: string,
  lang: string,
  words: { today: string; yesterday: string },
  now = new Date(),
) {
  const days = daysAgo(iso, now);
  if (days === 0) return words.today;
  if (days === 1) return words.yesterday;
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'full' }).format(new Date(iso));
}

export function sameDay(a: string, b: string): boolean {
  return startOfDay(new Date(a)) === startOfDay(new Date(b));
}


/** WhatsApp's customer-service window: open for 24 h after the customer's last message. */
export function replyWindowOpen(
  c: Pick<TConversation, 'channelKind' | 'lastInboundAt'>,
  now = Date.now(),
): boolean {
  if (c.channelKind !== 'whatsapp-cloud') return true;
  if (!c.lastInboundAt) return false;
  return now - Date.parse(c.lastInboundAt) < LIMITS.whatsappReplyWindowHours * 3_600_000;
}

/** A stable avatar colour per name. */
// Filled, dark shades: white initials keep a 4.5:1 contrast.
const COLORS = [
  'brand.9',
  'blue.9',
  'grape.9',
  'red.9',
  'teal.9',
  'pink.9',
  'indigo.9',
  'cyan.9',
  'violet.9',
  'green.9',
];
export function avatarColor(seed: string): string {
  let hash = 0;
  for (const ch of seed) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return COLORS[Math.abs(hash) % COLORS.length];
}

export const CHANNEL_KIND_KEYS: Record<TChannelKind, string> = {
  webchat: 'channels.webchat',
  'whatsapp-cloud': 'channels.whatsapp',
  sms: 'channels.sms',
};
