import {
  templateVariables,
  type TTemplate,
  type TTemplateBody,
  type TTemplateButton,
  type TTemplateCategory,
} from '@atende/shared';

export const TEMPLATE_LANGUAGES = ['pt_BR', 'en_US', 'es', 'es_MX', 'es_ES', 'pt_PT', 'en_GB', 'en'] as const;
export const STATUS_COLOR = {
  draft: 'gray',
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
} as const;

export interface TTemplateValues {
  channelId: string;
  name: string;
  language: string;
  category: TTemplateCategory | '';
  header: string;
  body: string;
  footer: string;
  buttons: TTemplateButton[];
  examples: { body: string[]; header: string[] };
}

export function templateValues(template: TTemplate | null, channelId: string, lang: string): TTemplateValues {
  return {
    channelId: template?.channelId ?? channelId,
    name: template?.name ?? '',
    language: template?.language ?? (lang === 'en' ? 'en_US' : 'pt_BR'),
    category: template?.category ?? 'UTILITY',
    header: template?.header ?? '',
    body: template?.body ?? '',
    footer: template?.footer ?? '',
    buttons: template?.buttons ?? [],
    examples: template?.examples ?? { body: [], header: [] },
  };
}

/** One example per variable (the list follows the text as variables come and go). */
const fit = (values: string[], count: number) => Array.from({ length: count }, (_, i) => values[i] ?? '');

/** The request body: examples cut to the variables actually used. */
export function templateBody(v: TTemplateValues): TTemplateBody {
  return {
    channelId: v.channelId,
    name: v.name,
    language: v.language,
    category: v.category as TTemplateCategory,
    header: v.header || undefined,
    body: v.body,
    footer: v.footer || undefined,
    buttons: v.buttons,
    examples: {
      body: fit(v.examples.body, templateVariables(v.body).length),
      header: fit(v.examples.header, templateVariables(v.header).length),
    },
  };
}

/** Meta's name rule, applied while typing: lower case, spaces as underscores. */
export const templateName = (typed: string) =>
  typed
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .replace(/[^a-z0-9_]/g, '');

/** The next free variable of a text: 'Hi {{1}}' → '{{2}}'. */
export const nextVariable = (text: string) => `{{${templateVariables(text).length + 1}}}`;
