import { Alert, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  renderTemplateText,
  type TTemplate,
  type TTemplateSendVariable,
  templateSendVariables,
} from '@atende/shared';
import { useTranslation } from 'react-i18next';

/**
 * An approved WhatsApp template with its variables and a preview of the message. The variables are
 * the header's then the body's (templateSendVariables, the order `variables` is sent in); when the
 * header has one, each is labelled by its part ("Cabeçalho {{1}}", "Corpo {{1}}"...). The example
 * value Meta reviewed is a description under the field ("Ex.: Ana"), not a placeholder: Mantine
 * paints an invalid field's placeholder red, which reads as a filled wrong value.
 */
export function TemplateFields({
  templates,
  loading,
  templateId,
  onTemplate,
  variables,
  onVariables,
  error,
  variableErrors,
  emptyText,
}: {
  templates: TTemplate[];
  loading: boolean;
  templateId: string | null;
  onTemplate: (id: string | null) => void;
  variables: string[];
  onVariables: (values: string[]) => void;
  error?: string | null;
  /** An error per variable, in the order of `variables`. */
  variableErrors?: ReadonlyArray<string | null | undefined>;
  /** What to do when there is no approved template (default: the start page's text). */
  emptyText?: string;
}) {
  const { t } = useTranslation('inbox');
  const template = templates.find((tpl) => tpl._id === templateId);
  const fields = template ? templateSendVariables(template) : [];
  const byPart = fields.some((f) => f.component === 'header');
  const label = (f: TTemplateSendVariable) =>
    byPart
      ? t(f.component === 'header' ? 'start.variableHeader' : 'start.variableBody', {
          variable: `{{${f.name}}}`,
        })
      : t('start.variable', { n: f.name });
  // Each part's values by its own numbering ({{1}} → [0]); a blank one shows its placeholder.
  const values = (part: TTemplateSendVariable['component']) =>
    fields.flatMap((f, i) => (f.component === part ? [variables[i] || `{{${f.name}}}`] : []));
  if (!loading && templates.length === 0)
    return (
      <Alert color="yellow" variant="light" title={t('start.noTemplatesTitle')}>
        {emptyText ?? t('start.noTemplates')}
      </Alert>
    );
  return (
    <Stack gap="sm">
      <Select
        label={t('start.template')}
        placeholder={t('start.templatePlaceholder')}
        required
        searchable
        disabled={loading}
        data={templates.map((tpl) => ({ value: tpl._id, label: `${tpl.name} (${tpl.language})` }))}
        value={templateId}
        error={error}
        onChange={(id) => {
          onTemplate(id);
          const next = templates.find((tpl) => tpl._id === id);
          onVariables(next ? templateSendVariables(next).map(() => '') : []);
        }}
      />
      {template &&
        fields.map((f, index) => {
          const example = template.examples[f.component][Number(f.name) - 1];
          return (
            <TextInput
              key={`${f.component}-${f.name}`}
              label={label(f)}
              description={example ? t('start.variableExample', { example }) : undefined}
              value={variables[index] ?? ''}
              error={variableErrors?.[index]}
              maxLength={1000}
              onChange={(e) => {
                const next = variables.slice();
                next[index] = e.currentTarget.value;
                onVariables(next);
              }}
            />
          );
        })}
      {template && (
        <Paper withBorder p="sm" bg="#d9f6e4" radius="md">
          <Text fz={11} fw={700} c="dimmed" tt="uppercase" mb={4}>
            {t('start.preview')}
          </Text>
          {template.header && (
            <Text fw={700} fz="sm">
              {renderTemplateText(template.header, values('header'))}
            </Text>
          )}
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {renderTemplateText(template.body, values('body'))}
          </Text>
          {template.footer && (
            <Text fz="xs" c="dimmed" mt={4}>
              {template.footer}
            </Text>
          )}
        </Paper>
      )}
    </Stack>
  );
}
