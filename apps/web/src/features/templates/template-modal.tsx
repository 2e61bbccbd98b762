import { useEffect, type ChangeEvent } from 'react';
import { Button, Grid, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_LIMITS,
  templateVariables,
  ZTemplateBody,
  type TChannel,
  type TTemplate,
  type TTemplateBody,
} from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { zodValidator } from '../../app/forms';
import { useFormSave } from '../../app/forms';
import { FormFailure, ModalActions } from '../../ui/form-modal';
import { useKeptWhileClosing } from '../../ui/use-kept-while-closing';
import { TemplateButtons } from './template-buttons';
import { TemplatePreview } from './template-preview';
import {
  nextVariable,
  TEMPLATE_LANGUAGES,
  templateBody,
  templateName,
  templateValues,
  type TTemplateValues,
} from './template-values';

function languageLabel(code: string, lang: string): string {
  try {
    const name = new Intl.DisplayNames([lang === 'en' ? 'en' : 'pt-BR'], { type: 'language' }).of(
      code.replace('_', '-'),
    );
    return name ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/** Create or edit a WhatsApp template: name, language, category, header/body/footer with {{n}} examples, buttons. */
export function TemplateModal({
  opened,
  template: opening,
  channels,
  onClose,
  onSave,
}: {
  opened: boolean;
  template: TTemplate | null;
  channels: TChannel[];
  onClose: () => void;
  onSave: (body: TTemplateBody) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation('templates');
  // Closing clears the template: the title and locked fields stay while the dialog fades out.
  const template = useKeptWhileClosing(opening, opened);
  const form = useForm<TTemplateValues>({
    initialValues: templateValues(null, '', i18n.language),
    validate: zodValidator<TTemplateValues>(ZTemplateBody, t, templateBody),
  });
  const { saving, failure, setFailure, save } = useFormSave(form, t, {
    fieldOf: { TEMPLATE_NAME_IN_USE: 'name' },
  });
  // Meta keys a submitted template by channel, name and language: those stay.
  const locked = !!template?.providerTemplateId;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal opens
  useEffect(() => {
    if (!opened) return;
    form.setValues(templateValues(template, channels[0]?._id ?? '', i18n.language));
    form.clearErrors();
    setFailure(null);
  }, [opened, template]);

  const submit = form.onSubmit((values) => save(() => onSave(templateBody(values))));

  const v = form.values;
  const bodyVars = templateVariables(v.body);
  const headerVars = templateVariables(v.header);
  const exampleInput = (part: 'body' | 'header', i: number) => ({
    value: v.examples[part][i] ?? '',
    error: form.errors[`examples.${part}.${i}`] ?? (i === 0 ? form.errors[`examples.${part}`] : undefined),
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const next = [...v.examples[part]];
      next[i] = e.currentTarget.value;
      form.setFieldValue(`examples.${part}`, next);
    },
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="75rem"
      centered
      title={template ? t('editTitle', { name: template.name }) : t('newTitle')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <form onSubmit={submit} noValidate>
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="sm">
              <FormFailure failure={failure} />
              <Group grow align="flex-start">
                <Select
                  label={t('fields.channel')}
                  data={channels.map((c) => ({ value: c._id, label: c.name }))}
                  allowDeselect={false}
                  disabled={locked}
                  withAsterisk
                  {...form.getInputProps('channelId')}
                />
                <Select
                  label={t('fields.category')}
                  data={TEMPLATE_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
                  allowDeselect={false}
                  withAsterisk
                  {...form.getInputProps('category')}
                />
              </Group>
              <Group grow align="flex-start">
                <TextInput
                  label={t('fields.name')}
                  description={t('fields.nameHelp')}
                  placeholder="pedido_confirmado"
                  disabled={locked}
                  withAsterisk
                  data-autofocus
                  {...form.getInputProps('name')}
                  onChange={(e) => form.setFieldValue('name', templateName(e.currentTarget.value))}
                />
                <Select
                  label={t('fields.language')}
                  data={TEMPLATE_LANGUAGES.map((code) => ({
                    value: code,
                    label: languageLabel(code, i18n.language),
                  }))}
                  allowDeselect={false}
                  disabled={locked}
                  withAsterisk
                  {...form.getInputProps('language')}
                />
              </Group>
              <TextInput
                label={t('fields.header')}
                description={t('fields.headerHelp', { variable: '{{1}}' })}
                maxLength={TEMPLATE_LIMITS.header}
                {...form.getInputProps('header')}
              />
              {headerVars.map((n, i) => (
                <TextInput
                  key={`h${n}`}
                  label={t('fields.example', { n: `{{${n}}}` })}
                  withAsterisk
                  {...exampleInput('header', i)}
                />
              ))}
              <Textarea
                label={t('fields.body')}
                description={t('fields.bodyHelp', { first: '{{1}}', second: '{{2}}' })}
                autosize
                minRows={4}
                maxRows={10}
                maxLength={TEMPLATE_LIMITS.body}
                withAsterisk
                {...form.getInputProps('body')}
              />
              <Button
                variant="light"
                size="compact-sm"
                w="fit-content"
                onClick={() => form.setFieldValue('body', `${v.body}${nextVariable(v.body)}`)}
              >
                {t('fields.addVariable', { variable: nextVariable(v.body) })}
              </Button>
              {bodyVars.length > 0 && (
                <Stack gap={6}>
                  <Text fz="sm" fw={500}>
                    {t('fields.examples')}
                  </Text>
                  {bodyVars.map((n, i) => (
                    <TextInput
                      key={`b${n}`}
                      aria-label={t('fields.example', { n: `{{${n}}}` })}
                      leftSection={<Text fz="xs" c="dimmed">{`{{${n}}}`}</Text>}
                      leftSectionWidth={48}
                      placeholder={t('fields.examplePlaceholder')}
                      {...exampleInput('body', i)}
                    />
                  ))}
                </Stack>
              )}
              <TextInput
                label={t('fields.footer')}
                description={t('fields.footerHelp')}
                maxLength={TEMPLATE_LIMITS.footer}
                {...form.getInputProps('footer')}
              />
              <TemplateButtons form={form} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <TemplatePreview values={v} />
            <Text fz="xs" c="dimmed" mt="sm">
              {t('reviewHelp')}
            </Text>
          </Grid.Col>
        </Grid>
        <ModalActions
          onCancel={onClose}
          saving={saving}
          submit={template ? t('common:save') : t('saveDraft')}
          mt="lg"
        />
      </form>
    </Modal>
  );
}
