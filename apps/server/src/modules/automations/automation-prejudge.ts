import { conditionsHold, onEventAlone, type TConditionFacts, weekdayIn } from './automation-conditions';
import type { TTriggerInput } from './automation-engine';
import { referencesOf } from './automation-references';
import type { TAutomationRow } from './automations.repo';

/**
 * The guard's checks that need nothing but the rule and the event (AutomationEngine.guard takes
 * them first): a rule's own change, the closing auto messages' kind, the tags a tag rule waits for.
 */
export function ruledOutByEvent(rule: TAutomationRow, input: TTriggerInput): string | null {
  if (input.cause === `automation:${rule.id}`) return 'ownAction';
  // The closing auto messages: one for closes by an operator or a rule, one for INACTIVITY.
  if (rule.systemKind === 'close' && input.byInactivity) return 'conditionsNotMet';
  if (rule.systemKind === 'inactivity' && !input.byInactivity) return 'conditionsNotMet';
  const wanted = 'tagIds' in rule.trigger ? (rule.trigger.tagIds ?? []) : [];
  if (input.tagIds && wanted.length > 0 && !wanted.some((t) => input.tagIds?.includes(t)))
    return 'conditionsNotMet';
  return null;
}

/**
 * Why a rule is skipped for this event, judged on the event alone, as the guard would; null when
 * the event alone cannot tell (the rule may act, names a tag, department or template the guard
 * checks exists first, or asks for the attendance hours): the event's job judges it then.
 * `facts`: the event's own (eventFacts), built once for all of its rules.
 */
export function skipOnEvent(
  rule: TAutomationRow,
  input: TTriggerInput,
  facts: () => TConditionFacts,
): string | null {
  const ruledOut = ruledOutByEvent(rule, input);
  if (ruledOut) return ruledOut;
  if (!judgedOnEvent(rule)) return null;
  return conditionsHold(rule.conditions, facts()) ? null : 'conditionsNotMet';
}

/** Per kept rule (the same objects for every event until the rules change). */
const judgeable = new WeakMap<TAutomationRow, boolean>();

/** Whether the event alone can rule the rule out: conditions on it only, no hours, no references. */
function judgedOnEvent(rule: TAutomationRow): boolean {
  let known = judgeable.get(rule);
  if (known === undefined) {
    known =
      referencesOf(rule).length === 0 &&
      onEventAlone(rule.conditions) &&
      !rule.conditions.groups.some((g) => g.conditions.some((c) => c.field === 'hours'));
    judgeable.set(rule, known);
  }
  return known;
}

/**
 * The facts of the event alone, but the attendance hours (a rule that asks for them is never
 * judged on the event: skipOnEvent), computed on first use (the weekday costs a time zone lookup).
 */
export function eventFacts(input: TTriggerInput, timezone: string): () => TConditionFacts {
  let facts: TConditionFacts | undefined;
  let weekday: number | undefined;
  return () => {
    facts ??= {
      conversation: null,
      contact: null,
      messageText: input.messageText,
      openNow: false,
      // Read only by a rule that asks for it.
      get weekday() {
        weekday ??= weekdayIn(input.at, timezone);
        return weekday;
      },
    };
    return facts;
  };
}
