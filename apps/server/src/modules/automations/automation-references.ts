import type { TAutomationAction, TAutomationConditions, TAutomationTrigger } from '@atende/shared';

/** What a rule may point to that an admin can delete (issue 17: such a rule is turned off). */
export type TReferenceKind = 'department' | 'tag' | 'template' | 'chatbot';

/** The disabled reason a missing reference gives the rule (a key of the automations namespace). */
export const REFERENCE_REASON: Record<TReferenceKind, string> = {
  department: 'departmentDeleted',
  tag: 'tagDeleted',
  template: 'templateDeleted',
  chatbot: 'chatbotDeleted',
};

export interface TReference {
  kind: TReferenceKind;
  id: string;
  /** Where the rule names it (a validation error's path). */
  path: string;
}

/** Whether each kind of referenced thing still exists (other modules' services, through the manifest). */
export interface TReferenceLookups {
  departmentExists(accountId: string, id: string): Promise<boolean>;
  tagIds(accountId: string): Promise<Set<string>>;
  templateExists(accountId: string, id: string): Promise<boolean>;
  chatbotExists(accountId: string, id: string): Promise<boolean>;
}

/** The departments, tags, templates and bots a rule's conditions and actions name. */
export function referencesOf(rule: {
  trigger: TAutomationTrigger;
  conditions: TAutomationConditions;
  actions: TAutomationAction[];
}): TReference[] {
  const refs: TReference[] = [];
  if ('tagIds' in rule.trigger)
    for (const id of rule.trigger.tagIds ?? []) refs.push({ kind: 'tag', id, path: 'trigger.tagIds' });
  for (const [g, group] of rule.conditions.groups.entries())
    for (const [i, c] of group.conditions.entries()) {
      const path = `conditions.groups.${g}.conditions.${i}.values`;
      if (c.field === 'department') for (const id of c.values) refs.push({ kind: 'department', id, path });
      if (c.field === 'tags') for (const id of c.values) refs.push({ kind: 'tag', id, path });
    }
  for (const [i, a] of rule.actions.entries()) {
    const at = `actions.${i}`;
    if (a.type === 'assign' && a.departmentId)
      refs.push({ kind: 'department', id: a.departmentId, path: `${at}.departmentId` });
    if (a.type === 'add_tag' || a.type === 'remove_tag')
      refs.push({ kind: 'tag', id: a.tagId, path: `${at}.tagId` });
    if (a.type === 'send_template')
      refs.push({ kind: 'template', id: a.templateId, path: `${at}.templateId` });
    if (a.type === 'start_chatbot') refs.push({ kind: 'chatbot', id: a.chatbotId, path: `${at}.chatbotId` });
  }
  return refs;
}

/** The first reference of the rule that no longer exists, or null (no lookup for a rule without any). */
export async function missingReference(
  accountId: string,
  rule: { trigger: TAutomationTrigger; conditions: TAutomationConditions; actions: TAutomationAction[] },
  lookups: TReferenceLookups,
): Promise<TReference | null> {
  const refs = referencesOf(rule);
  if (refs.length === 0) return null;
  let tags: Set<string> | undefined;
  for (const ref of refs) {
    const { kind, id } = ref;
    if (kind === 'tag') {
      tags ??= await lookups.tagIds(accountId);
      if (!tags.has(id)) return ref;
    } else if (kind === 'department' && !(await lookups.departmentExists(accountId, id))) return ref;
    else if (kind === 'template' && !(await lookups.templateExists(accountId, id))) return ref;
    else if (kind === 'chatbot' && !(await lookups.chatbotExists(accountId, id))) return ref;
  }
  return null;
}
