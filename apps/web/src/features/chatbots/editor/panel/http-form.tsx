import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CHATBOT_LIMITS, HTTP_METHODS } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Field } from './fields';
import type { TFormOf } from './form-types';

const below = { position: 'bottom' as const, middlewares: { flip: false, shift: false } };

/** HTTP request: method, URL, headers, JSON body with {{variables}}, timeout, response → variables. */
export function HttpRequestForm({ block, set, doc, errors }: TFormOf<'http_request'>) {
  const { t } = useTranslation('chatbots');
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Select
          w={110}
          label={t('panel.method')}
          data={[...HTTP_METHODS]}
          value={block.method}
          onChange={(m) => m && set({ method: m as (typeof HTTP_METHODS)[number] })}
          allowDeselect={false}
          comboboxProps={below}
        />
        <Field
          label={t('panel.url')}
          placeholder="https://"
          value={block.url}
          onChange={(url) => set({ url }, 'url')}
          error={errors.url}
          maxLength={CHATBOT_LIMITS.urlMax}
          required
        />
      </Group>
      <Text fz="sm" fw={500}>
        {t('panel.headers')}
      </Text>
      {block.headers.map((h, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: headers have no id
        <Group key={i} gap={4} wrap="nowrap">
          <TextInput
            flex={1}
            aria-label={t('panel.headerName', { n: i + 1 })}
            placeholder={t('panel.headerNamePlaceholder')}
            value={h.name}
            onChange={(e) =>
              set(
                {
                  headers: block.headers.map((x, j) => (j === i ? { ...x, name: e.currentTarget.value } : x)),
                },
                `h${i}n`,
              )
            }
          />
          <TextInput
            flex={1}
            aria-label={t('panel.headerValue', { n: i + 1 })}
            placeholder={t('panel.headerValuePlaceholder')}
            value={h.value}
            onChange={(e) =>
              set(
                {
                  headers: block.headers.map((x, j) =>
                    j === i ? { ...x, value: e.currentTarget.value } : x,
                  ),
                },
                `h${i}v`,
              )
            }
          />
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => set({ headers: block.headers.filter((_, j) => j !== i) })}
            aria-label={t('panel.removeHeader', { n: i + 1 })}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} />}
        onClick={() => set({ headers: [...block.headers, { name: '', value: '' }] })}
        disabled={block.headers.length >= 20}
      >
        {t('panel.addHeader')}
      </Button>
      {block.method !== 'GET' && (
        <Textarea
          label={t('panel.body')}
          description={t('panel.bodyHelp')}
          value={block.body ?? ''}
          onChange={(e) => set({ body: e.currentTarget.value || null }, 'body')}
          autosize
          minRows={3}
          maxRows={10}
          ff="monospace"
          maxLength={CHATBOT_LIMITS.textMax}
        />
      )}
      <NumberInput
        label={t('panel.httpTimeout')}
        min={100}
        max={CHATBOT_LIMITS.httpTimeoutMsMax}
        step={500}
        suffix=" ms"
        value={block.timeoutMs}
        onChange={(v) =>
          set({ timeoutMs: typeof v === 'number' ? v : CHATBOT_LIMITS.httpTimeoutMsDefault }, 'timeout')
        }
      />
      <Text fz="sm" fw={500}>
        {t('panel.mapping')}
      </Text>
      <Text fz="xs" c="dimmed">
        {t('panel.mappingHelp')}
      </Text>
      {block.mapping.map((m, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: mappings have no id
        <Group key={i} gap={4} wrap="nowrap">
          <TextInput
            flex={1}
            aria-label={t('panel.mappingPath', { n: i + 1 })}
            placeholder={t('panel.mappingPathPlaceholder')}
            value={m.path}
            onChange={(e) =>
              set(
                {
                  mapping: block.mapping.map((x, j) => (j === i ? { ...x, path: e.currentTarget.value } : x)),
                },
                `m${i}`,
              )
            }
          />
          <Select
            flex={1}
            aria-label={t('panel.mappingVariable', { n: i + 1 })}
            placeholder={t('panel.chooseVariable')}
            data={doc.variables.map((v) => ({ value: v.id, label: v.name }))}
            value={m.variableId || null}
            onChange={(variableId) =>
              set({
                mapping: block.mapping.map((x, j) => (j === i ? { ...x, variableId: variableId ?? '' } : x)),
              })
            }
            comboboxProps={below}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => set({ mapping: block.mapping.filter((_, j) => j !== i) })}
            aria-label={t('panel.removeMapping', { n: i + 1 })}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} />}
        onClick={() => set({ mapping: [...block.mapping, { path: '', variableId: '' }] })}
        disabled={block.mapping.length >= 20}
      >
        {t('panel.addMapping')}
      </Button>
    </Stack>
  );
}
