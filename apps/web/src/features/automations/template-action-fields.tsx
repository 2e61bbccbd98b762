import { Select, Stack, Text, TextInput } from '@mantine/core';
import type { TAutomationAction } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useAcc } from '../../app/session';
import { useChannels } from '../settings/settings-api';
import { templateSlots } from '../templates/template-slots';
import { useTemplates } from '../templates/templates-api';

type TTemplateAction = Extract<TAutomationAction, { type: 'send_template' }>;

/**
 * "Send a WhatsApp template": one of the account's approved templates and a text per variable
 * (the header's, then the body's), with the message variables ({{firstName}}…). It goes out only in
 * conversations of the template's WhatsApp number; elsewhere the step is skipped with the reason.
 */
export function TemplateActionFields({
  action: a,
  errors,
  prefix,
  onChange,
}: {
  action: TTemplateAction;
  errors: Record<string, string>;
  prefix: string;
  onChange: (a: TTemplateAction) => void;
}) {
  const { t } = useTranslation('automations');
  const acc = useAcc();
  const templates = useTemplates(acc, { status: 'approved' });
  const channels = useChannels(acc);
  const items = templates.data?.items ?? [];
  const channelName = (id: string) => channels.data?.find((c) => c._id === id)?.name;
  const chosen = items.find((tpl) => tpl._id === a.templateId);
  const slots = chosen ? templateSlots(chosen) : [];
  return (
    <Stack gap="xs" data-testid="template-action">
      <Select
        aria-label={t('actions.send_template')}
        placeholder={t('builder.chooseTemplate')}
        data={items.map((tpl) => ({
          value: tpl._id,
          label: [tpl.name, channelName(tpl.channelId), tpl.language].filter(Boolean).join(' · '),
        }))}
        value={a.templateId || null}
        onChange={(v) => {
          const tpl = items.find((x) => x._id === v);
          onChange({ ...a, templateId: v ?? '', variables: tpl ? templateSlots(tpl).map(() => '') : [] });
        }}
        error={errors[`${prefix}.templateId`]}
        nothingFoundMessage={t('builder.noTemplates')}
        searchable
        w="100%"
        maw={560}
      />
      <Text fz="xs" c="dimmed">
        {t('builder.templateHelp')}
      </Text>
      {chosen && (
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="template-action-preview">
          {[chosen.header, chosen.body].filter(Boolean).join('\n')}
        </Text>
      )}
      {slots.map((slot, i) => (
        <TextInput
          key={`${slot.component}-${slot.name}`}
          label={t(slot.component === 'header' ? 'builder.templateHeaderSlot' : 'builder.templateBodySlot', {
            slot: `{{${slot.name}}}`,
          })}
          placeholder={slot.example || undefined}
          value={a.variables[i] ?? ''}
          maxLength={1000}
          withAsterisk
          onChange={(e) => {
            const variables = slots.map((_, j) => a.variables[j] ?? '');
            variables[i] = e.currentTarget.value;
            onChange({ ...a, variables });
          }}
          error={errors[`${prefix}.variables.${i}`]}
          w="100%"
          maw={420}
        />
      ))}
    </Stack>
  );
}
