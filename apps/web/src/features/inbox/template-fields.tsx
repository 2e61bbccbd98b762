import { Alert, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { renderTemplateText, type TTemplate } from '@atende/shared';
import { useTranslation } from 'react-i18next';

/** An approved WhatsApp template with its variables ({{1}}, {{2}}...) and a preview of the message. */
export function TemplateFields({
  templates,
  loading,
  templateId,
  onTemplate,
  variables,
  onVariables,
  error,
}: {
  templates: TTemplate[];
  loading: boolean;
  templateId: string | null;
  onTemplate: (id: string | null) => void;
  variables: string[];
  onVariables: (values: string[]) => void;
  error?: string | null;
}) {
  const { t } = useTranslation('inbox');
  const template = templates.find((tpl) => tpl._id === templateId);
  if (!loading && templates.length === 0)
    return (
      <Alert color="yellow" variant="light" title={t('start.noTemplatesTitle')}>
        {t('start.noTemplates')}
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
          onVariables((next?.variables ?? []).map(() => ''));
        }}
      />
      {template?.variables.map((name, index) => (
        <TextInput
          key={name}
          label={t('start.variable', { n: name })}
          placeholder={template.examples.body[index] ?? ''}
          value={variables[index] ?? ''}
          maxLength={1000}
          onChange={(e) => {
            const next = variables.slice();
            next[index] = e.currentTarget.value;
            onVariables(next);
          }}
        />
      ))}
      {template && (
        <Paper withBorder p="sm" bg="#d9f6e4" radius="md">
          <Text fz={11} fw={700} c="dimmed" tt="uppercase" mb={4}>
            {t('start.preview')}
          </Text>
          {template.header && (
            <Text fw={700} fz="sm">
              {template.header}
            </Text>
          )}
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {renderTemplateText(
              template.body,
              variables.map((v, i) => v || `{{${template.variables[i]}}}`),
            )}
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
