import { ActionIcon, Button, Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { TEMPLATE_BUTTON_TYPES, TEMPLATE_LIMITS, type TTemplateButton } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import type { TTemplateValues } from './template-values';

const EMPTY: Record<(typeof TEMPLATE_BUTTON_TYPES)[number], TTemplateButton> = {
  QUICK_REPLY: { type: 'QUICK_REPLY', text: '' },
  URL: { type: 'URL', text: '', url: '' },
  PHONE_NUMBER: { type: 'PHONE_NUMBER', text: '', phoneNumber: '' },
};

/** The template's buttons: quick replies, a link or a phone number (up to 10). */
export function TemplateButtons({
  form,
  disabled,
}: {
  form: UseFormReturnType<TTemplateValues>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('templates');
  const buttons = form.values.buttons;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fz="sm" fw={500}>
          {t('buttons.title')}
        </Text>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={14} />}
              disabled={disabled || buttons.length >= TEMPLATE_LIMITS.buttons}
            >
              {t('buttons.add')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {TEMPLATE_BUTTON_TYPES.map((type) => (
              <Menu.Item key={type} onClick={() => form.insertListItem('buttons', { ...EMPTY[type] })}>
                {t(`buttons.types.${type}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {buttons.length === 0 && (
        <Text fz="xs" c="dimmed">
          {t('buttons.none')}
        </Text>
      )}
      {buttons.map((button, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: buttons are edited by position
        <Group key={i} align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t(`buttons.types.${button.type}`)}
            placeholder={t('buttons.text')}
            maxLength={TEMPLATE_LIMITS.buttonText}
            {...form.getInputProps(`buttons.${i}.text`)}
          />
          {button.type === 'URL' && (
            <TextInput
              style={{ flex: 1.4 }}
              label={t('buttons.url')}
              placeholder="https://"
              {...form.getInputProps(`buttons.${i}.url`)}
            />
          )}
          {button.type === 'PHONE_NUMBER' && (
            <TextInput
              style={{ flex: 1.4 }}
              label={t('buttons.phone')}
              placeholder="+5511999990000"
              {...form.getInputProps(`buttons.${i}.phoneNumber`)}
            />
          )}
          <ActionIcon
            mt={26}
            variant="subtle"
            color="red"
            aria-label={t('buttons.remove', { n: i + 1 })}
            onClick={() => form.removeListItem('buttons', i)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
