import {
  renderCampaignText,
  renderTemplateText,
  type TVariableSource,
  templateSendVariables,
} from '@atende/shared';
import type { TOutbound } from '../../providers/channel-adapter';

/** What a campaign keeps of its template when it is started (later template edits do not change it). */
export interface TFrozenTemplate {
  id: string;
  name: string;
  language: string;
  header: string | null;
  body: string;
}

/** The values of a recipient's variables, in the template's order, from the campaign's mapping. */
export function recipientVariables(
  mapping: TVariableSource[],
  recipient: { name: string; phone: string; fields: Record<string, string> },
): string[] {
  return mapping.map((source) => {
    if (source.kind === 'text') return source.text;
    if (source.kind === 'column') return recipient.fields[source.column] ?? '';
    if (source.field === 'name') return recipient.name;
    if (source.field === 'firstName') return recipient.name.split(/\s+/)[0] ?? '';
    if (source.field === 'phone') return recipient.phone;
    return recipient.fields.email ?? '';
  });
}

/** How many variables a template fills (header's first). */
export function templateVariableCount(template: Pick<TFrozenTemplate, 'header' | 'body'>): number {
  return templateSendVariables(template).length;
}

/** The text a recipient reads (the header and body filled in; SMS: the text filled in). */
export function campaignMessageText(
  campaign: { type: string; template: TFrozenTemplate | null; text: string | null },
  variables: readonly string[],
): string {
  if (campaign.type === 'sms' || !campaign.template)
    return renderCampaignText(campaign.text ?? '', variables);
  const t = campaign.template;
  const inHeader = templateSendVariables(t).filter((v) => v.component === 'header').length;
  return [
    t.header && renderTemplateText(t.header, variables.slice(0, inHeader)),
    renderTemplateText(t.body, variables.slice(inHeader)),
  ]
    .filter(Boolean)
    .join('\n');
}

const textParameters = (values: readonly string[]) =>
  values.map((text) => ({ type: 'text', text: text.trim() || '-' }));

/** The adapter's message for one recipient: a WhatsApp template with its parameters, or an SMS text. */
export function campaignOutbound(
  campaign: { type: string; template: TFrozenTemplate | null; text: string | null },
  to: string,
  variables: readonly string[],
): TOutbound {
  if (campaign.type === 'sms' || !campaign.template)
    return { kind: 'text', to, text: renderCampaignText(campaign.text ?? '', variables) };
  const t = campaign.template;
  const inHeader = templateSendVariables(t).filter((v) => v.component === 'header').length;
  const header = variables.slice(0, inHeader);
  const body = variables.slice(inHeader);
  const components = [
    ...(header.length ? [{ type: 'header', parameters: textParameters(header) }] : []),
    ...(body.length ? [{ type: 'body', parameters: textParameters(body) }] : []),
  ];
  return {
    kind: 'template',
    to,
    template: { name: t.name, language: t.language, ...(components.length ? { components } : {}) },
  };
}
