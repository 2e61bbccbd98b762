import { useState } from 'react';
import {
  campaignTextVariables,
  type TCampaignBodyInput,
  type TCampaignType,
  type TTemplate,
  type TVariableSource,
  templateSendVariables,
} from '@atende/shared';

/** What the campaign wizard holds between its steps. */
export interface TWizardDraft {
  type: TCampaignType;
  channelId: string | null;
  templateId: string | null;
  text: string;
  name: string;
  description: string;
  when: 'now' | 'later';
  /** 'YYYY-MM-DDTHH:mm' in the account's time zone. */
  scheduledAt: string;
  windowStart: string;
  windowEnd: string;
  mapping: TVariableSource[];
}

export function newDraft(type: TCampaignType): TWizardDraft {
  return {
    type,
    channelId: null,
    templateId: null,
    text: '',
    name: '',
    description: '',
    when: 'now',
    scheduledAt: '',
    windowStart: '',
    windowEnd: '',
    mapping: [],
  };
}

/** How many variables the campaign's message fills. */
export function variableCount(draft: TWizardDraft, template: TTemplate | undefined): number {
  if (draft.type === 'sms') return campaignTextVariables(draft.text);
  return template ? templateSendVariables(template).length : 0;
}

/** The mapping sized to `n` variables: the first defaults to the first name, others to a fixed text. */
export function sizedMapping(mapping: TVariableSource[], n: number): TVariableSource[] {
  return Array.from(
    { length: n },
    (_, i) => mapping[i] ?? (i === 0 ? { kind: 'field', field: 'firstName' } : { kind: 'text', text: '' }),
  );
}

export function bodyOf(draft: TWizardDraft, n: number): TCampaignBodyInput {
  return {
    type: draft.type,
    name: draft.name,
    description: draft.description,
    channelId: draft.channelId ?? '',
    templateId: draft.type === 'whatsapp' ? draft.templateId : null,
    text: draft.type === 'sms' ? draft.text : null,
    mapping: sizedMapping(draft.mapping, n),
    scheduledAt: draft.when === 'later' && draft.scheduledAt ? draft.scheduledAt : null,
    sendWindow:
      draft.windowStart && draft.windowEnd ? { start: draft.windowStart, end: draft.windowEnd } : null,
  };
}

export function useWizardDraft(type: TCampaignType) {
  const [draft, setDraft] = useState<TWizardDraft>(() => newDraft(type));
  const patch = (next: Partial<TWizardDraft>) => setDraft((d) => ({ ...d, ...next }));
  return [draft, patch] as const;
}
