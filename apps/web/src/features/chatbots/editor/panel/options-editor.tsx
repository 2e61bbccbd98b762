import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CHATBOT_LIMITS, type TChoiceOption } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { newId } from '../flow-blocks';

/** A choice's options: title (and picture), add and remove; each option is an exit of the block. */
export function OptionsEditor({
  options,
  onChange,
  pictures = false,
  error,
}: {
  options: TChoiceOption[];
  onChange: (options: TChoiceOption[], field?: string) => void;
  pictures?: boolean;
  error?: string;
}) {
  const { t } = useTranslation('chatbots');
  const patch = (id: string, p: Partial<TChoiceOption>, field: string) =>
    onChange(
      options.map((o) => (o.id === id ? { ...o, ...p } : o)),
      `option:${id}:${field}`,
    );
  return (
    <Stack gap={6}>
      <Text fz="sm" fw={500}>
        {t('panel.options')}
      </Text>
      {options.map((o, i) => (
        <Stack key={o.id} gap={4} data-testid="option-row">
          <Group gap={4} wrap="nowrap">
            <TextInput
              flex={1}
              aria-label={t('panel.optionN', { n: i + 1 })}
              placeholder={t('panel.optionN', { n: i + 1 })}
              value={o.title}
              maxLength={200}
              onChange={(e) => patch(o.id, { title: e.currentTarget.value }, 'title')}
              error={!o.title.trim() && error ? true : undefined}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onChange(options.filter((x) => x.id !== o.id))}
              aria-label={t('panel.removeOption', { n: i + 1 })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
          {pictures && (
            <TextInput
              size="xs"
              aria-label={t('panel.optionImage', { n: i + 1 })}
              placeholder={t('panel.optionImagePlaceholder')}
              value={o.imageUrl ?? ''}
              onChange={(e) => patch(o.id, { imageUrl: e.currentTarget.value }, 'image')}
            />
          )}
        </Stack>
      ))}
      {error && (
        <Text fz="xs" c="red.8" role="alert" data-testid="options-error">
          {error}
        </Text>
      )}
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} />}
        disabled={options.length >= CHATBOT_LIMITS.maxOptions}
        onClick={() =>
          onChange([...options, { id: newId('o'), title: '', ...(pictures ? { imageUrl: '' } : {}) }])
        }
      >
        {t('panel.addOption')}
      </Button>
    </Stack>
  );
}
