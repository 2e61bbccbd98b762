import { type TTemplate, templateSendVariables } from '@atende/shared';

/**
 * The values a template send needs, in send order: its header's {{1}}, then its body's {{1}},
 * {{2}}… (templateSendVariables), each with the example given to Meta as a hint. Bots' "send
 * template" block and automations' template action fill one text per slot.
 */
export function templateSlots(template: Pick<TTemplate, 'header' | 'body' | 'examples'>) {
  let body = 0;
  return templateSendVariables(template).map((v) => {
    const example = v.component === 'header' ? template.examples.header[0] : template.examples.body[body++];
    return { component: v.component, name: v.name, example: example ?? '' };
  });
}
