import { renderTemplateText, type TTemplate, templateSendVariables } from '@atende/shared';
import { AppError } from '../../../platform/errors';

/**
 * An operator's WhatsApp template message (starting a conversation, or inside one whose 24-hour
 * window may be closed): which template may go out on a channel, and what is stored and sent.
 */

/** A template goes out only on its own WhatsApp channel, and only once Meta approved it. */
export function assertTemplateSendable(template: TTemplate, channel: { id: string; kind: string }): void {
  if (template.channelId !== channel.id || channel.kind !== 'whatsapp-cloud')
    throw new AppError('TEMPLATE_NOT_FOUND');
  if (template.status !== 'approved') throw new AppError('TEMPLATE_NOT_APPROVED');
}

/**
 * Variables: one value per placeholder, none blank (Meta refuses the send otherwise), in the order
 * of templateSendVariables: the header's {{1}} first (when the header has one), then the body's
 * {{1}}, {{2}}... A blank value is pointed at as `variables.<index>` in that same order.
 */
export function assertTemplateVariables(template: TTemplate, variables: readonly string[]): void {
  if (variables.length !== templateSendVariables(template).length)
    throw AppError.validation([{ path: 'variables', key: 'templateVariables' }]);
  const blank = variables.flatMap((v, i) => (v.trim() ? [] : [i]));
  if (blank.length)
    throw AppError.validation(blank.map((i) => ({ path: `variables.${i}`, key: 'required' as const })));
}

const textParameters = (values: readonly string[]) => values.map((text) => ({ type: 'text', text }));

/**
 * The stored message of a template: the header and the body with the variables filled, one line
 * apart (what the inbox shows and the list previews), and the provider payload the outbound job
 * sends: name, language and components, a `header` component with the header's text parameter and
 * a `body` component with the body's (Meta numbers each component's placeholders from {{1}}).
 * `variables` as assertTemplateVariables checked them: the header's values, then the body's.
 */
export function templateMessage(template: TTemplate, variables: readonly string[]) {
  const inHeader = templateSendVariables(template).filter((v) => v.component === 'header').length;
  const header = variables.slice(0, inHeader);
  const body = variables.slice(inHeader);
  const components = [
    ...(header.length ? [{ type: 'header', parameters: textParameters(header) }] : []),
    ...(body.length ? [{ type: 'body', parameters: textParameters(body) }] : []),
  ];
  const text = [
    template.header && renderTemplateText(template.header, header),
    renderTemplateText(template.body, body),
  ]
    .filter(Boolean)
    .join('\n');
  return { text, template: { name: template.name, language: template.language, components } };
}
