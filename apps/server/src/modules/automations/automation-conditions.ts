import type { TAutomationCondition, TAutomationConditions, TContact } from '@atende/shared';
import { localDate } from '../../platform/local-dates';

/** What conditions are checked against (read once per event). */
export interface TConditionFacts {
  conversation: {
    channelId: string | null;
    channelKind: string | null;
    departmentId: string | null;
    assigneeId: string | null;
    stage: string;
    origin: string;
    firstContact: boolean;
  } | null;
  contact: Pick<TContact, 'name' | 'email' | 'phone' | 'type' | 'phase' | 'tags' | 'customFields'> | null;
  /** The customer's or operator's message that triggered the rule, if any. */
  messageText: string | null;
  /** Within the account's attendance hours at the event's time. */
  openNow: boolean;
  /** 0 Sunday … 6 Saturday, in the account's time zone. */
  weekday: number;
}

export interface TConditionCheck {
  group: number;
  index: number;
  field: string;
  ok: boolean;
}

const inList = (op: string, values: string[], value: string | null) =>
  op === 'not_in' ? !value || !values.includes(value) : !!value && values.includes(value);

const lower = (v: unknown) => (v === null || v === undefined ? '' : String(v)).toLowerCase();

function contactValue(contact: NonNullable<TConditionFacts['contact']>, key: string): unknown {
  if (key.startsWith('$')) return contact.customFields[key.slice(1)];
  if (key in contact.customFields && !['name', 'email', 'phone', 'type'].includes(key))
    return contact.customFields[key];
  return (contact as Record<string, unknown>)[key];
}

/** One check; a check about a conversation or contact the trigger has none of is false. */
export function checkCondition(c: TAutomationCondition, f: TConditionFacts): boolean {
  const conv = f.conversation;
  switch (c.field) {
    case 'channel':
      return !!conv && inList(c.op, c.values, conv.channelId);
    case 'channelKind':
      return !!conv && inList(c.op, c.values, conv.channelKind);
    case 'department':
      return !!conv && inList(c.op, c.values, conv.departmentId);
    case 'operator':
      if (!conv) return false;
      if (c.op === 'none') return !conv.assigneeId;
      return inList(c.op, c.values, conv.assigneeId);
    case 'stage':
      return !!conv && inList(c.op, c.values, conv.stage);
    case 'origin':
      return !!conv && inList(c.op, c.values, conv.origin);
    case 'firstContact':
      return !!conv && conv.firstContact === c.value;
    case 'tags': {
      if (!f.contact) return false;
      const has = c.values.some((t) => f.contact!.tags.includes(t));
      return c.op === 'has_any' ? has : !has;
    }
    case 'phase':
      return !!f.contact && inList(c.op, c.values, f.contact.phase);
    case 'contactField': {
      if (!f.contact) return false;
      const value = lower(contactValue(f.contact, c.key));
      if (c.op === 'empty') return value === '';
      if (c.op === 'not_empty') return value !== '';
      if (c.op === 'equals') return value === lower(c.value);
      return value.includes(lower(c.value));
    }
    case 'messageText': {
      if (f.messageText === null) return false;
      const text = f.messageText.trim();
      if (c.op === 'contains') return lower(text).includes(lower(c.value));
      if (c.op === 'starts_with') return lower(text).startsWith(lower(c.value));
      try {
        return new RegExp(c.value, 'i').test(text);
      } catch {
        return false;
      }
    }
    case 'hours':
      return c.value === 'inside' ? f.openNow : !f.openNow;
    case 'weekday':
      return c.values.includes(f.weekday);
  }
}

/** Groups joined by the top-level match; checks inside a group by the group's match. No groups: true. */
export function evaluateConditions(
  conditions: TAutomationConditions,
  facts: TConditionFacts,
): { ok: boolean; checks: TConditionCheck[] } {
  const checks: TConditionCheck[] = [];
  const groups = conditions.groups.filter((g) => g.conditions.length > 0);
  const results = groups.map((group, g) => {
    const oks = group.conditions.map((c, index) => {
      const ok = checkCondition(c, facts);
      checks.push({ group: g, index, field: c.field, ok });
      return ok;
    });
    return group.match === 'any' ? oks.some(Boolean) : oks.every(Boolean);
  });
  if (results.length === 0) return { ok: true, checks };
  return { ok: conditions.match === 'any' ? results.some(Boolean) : results.every(Boolean), checks };
}

/** evaluateConditions' answer alone, without recording the checks (many rules judged per event). */
export function conditionsHold(conditions: TAutomationConditions, facts: TConditionFacts): boolean {
  const groups = conditions.groups.filter((g) => g.conditions.length > 0);
  if (groups.length === 0) return true;
  const holds = (group: (typeof groups)[number]) =>
    group.match === 'any'
      ? group.conditions.some((c) => checkCondition(c, facts))
      : group.conditions.every((c) => checkCondition(c, facts));
  return conditions.match === 'any' ? groups.some(holds) : groups.every(holds);
}

/** The fields read from the contact (its tags, phase and fields). */
const CONTACT_FIELDS = new Set<TAutomationCondition['field']>(['tags', 'phase', 'contactField']);

/** Whether a condition is on the contact: else the rule is judged without reading it. */
export function needsContact(conditions: TAutomationConditions): boolean {
  return conditions.groups.some((g) => g.conditions.some((c) => CONTACT_FIELDS.has(c.field)));
}

/** The fields an event carries itself: no conversation or contact needs reading to check them. */
const EVENT_FIELDS = new Set<TAutomationCondition['field']>(['messageText', 'hours', 'weekday']);

/** Whether every condition is on the event alone (and there is at least one). */
export function onEventAlone(conditions: TAutomationConditions): boolean {
  const all = conditions.groups.flatMap((g) => g.conditions);
  return all.length > 0 && all.every((c) => EVENT_FIELDS.has(c.field));
}

/** The weekday (0 Sunday) of an instant in a time zone. */
export function weekdayIn(at: Date, timeZone: string): number {
  // localDate counts from Monday (0) and keeps one formatter per zone (building one per call cost
  // ~4% of the server's CPU with 50 rules on every message).
  return (localDate(at, timeZone).weekday + 1) % 7;
}
