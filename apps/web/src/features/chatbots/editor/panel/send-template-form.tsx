import { Alert, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAcc } from '../../../../app/session';
import { useChannels } from '../../../settings/settings-api';
import { templateSlots } from '../../../templates/template-slots';
import { useTemplates } from '../../../templates/templates-api';
import { TextWithVariables } from './fields';
import type { TFormOf } from './form-types';

const below = { position: 'bottom' as const, middlewares: { flip: false, shift: false } };

/**
 * "Send WhatsApp template": one of the account's approved templates (each of one WhatsApp number),
 * and what fills each of its variables — a flow variable, a contact field ($name, $email…) or a
 * fixed text, inserted from the braces menu. Choosing a template resets the values to its slots.
 */
export function SendTemplateForm({ block, set, doc, errors }: TFormOf<'send_template'>) {
  const { t } = useTranslation('chatbots');
  const acc = useAcc();
  const templates = useTemplates(acc, { status: 'approved' });
  const channels = useChannels(acc);
  const items = templates.data?.items ?? [];
  const channelName = (id: string) => channels.data?.find((c) => c._id === id)?.name;
  const chosen = items.find((tpl) => tpl._id === block.templateId);
  const slots = chosen ? templateSlots(chosen) : [];
  const params = slots.map((_, i) => block.params[i] ?? '');
  const gone = Boolean(block.templateId) && templates.isSuccess && !chosen;
  return (
    <Stack gap="sm" data-testid="send-template-form">
      <Text fz="sm" c="dimmed">
        {t('panel.templateHelp')}
      </Text>
      <Select
        label={t('panel.template')}
        placeholder={t('panel.chooseTemplate')}
        data={items.map((tpl) => ({
          value: tpl._id,
          label: [tpl.name, channelName(tpl.channelId), tpl.language].filter(Boolean).join(' · '),
        }))}
        value={block.templateId || null}
        onChange={(templateId) => {
          const tpl = items.find((x) => x._id === templateId);
          set({ templateId: templateId ?? '', params: tpl ? templateSlots(tpl).map(() => '') : [] });
        }}
        error={errors.templateId}
        nothingFoundMessage={t('panel.noTemplates')}
        searchable
        withAsterisk
        comboboxProps={below}
      />
      {gone && (
        <Alert color="orange" variant="light" p="xs">
          <Text fz="sm">{t('panel.templateGone')}</Text>
        </Alert>
      )}
      {chosen && (
        <>
          <Text fz="xs" c="dimmed">
            {t('panel.templateNumber', { channel: channelName(chosen.channelId) ?? '—' })}
          </Text>
          <Text
            fz="sm"
            p="xs"
            bg="var(--mantine-color-default-hover)"
            style={{ whiteSpace: 'pre-wrap', borderRadius: 'var(--mantine-radius-sm)' }}
            data-testid="template-preview"
          >
            {[chosen.header, chosen.body].filter(Boolean).join('\n')}
          </Text>
          {slots.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('panel.templateNoVariables')}
            </Text>
          ) : (
            <Text fz="sm" fw={500}>
              {t('panel.templateVariables')}
            </Text>
          )}
          {slots.map((slot, i) => (
            <TextWithVariables
              key={`${slot.component}-${slot.name}`}
              label={t(slot.component === 'header' ? 'panel.templateHeaderSlot' : 'panel.templateBodySlot', {
                slot: `{{${slot.name}}}`,
              })}
              value={params[i]}
              onChange={(value) => set({ params: params.map((p, j) => (j === i ? value : p)) }, `p${i}`)}
              doc={doc}
              placeholder={slot.example ? t('panel.templateExample', { example: slot.example }) : undefined}
              required
              minRows={1}
              max={1000}
            />
          ))}
          {errors.params && (
            <Text fz="xs" c="red.8" role="alert">
              {errors.params}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
