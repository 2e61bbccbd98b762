import { Code, Group, Stack, Text } from '@mantine/core';
import { keyEntityValueValid } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useKeyEntities } from './departments-api';

/** A custom field's key for a key entity: its alias without the `$` (`$cpf` → `cpf`). */
export const entityFieldKey = (alias: string) => alias.replace(/^\$/, '');

/**
 * The contact's key entities in the inbox's contact panel: those the member may see (their
 * `entities`; all when none is set, managers and up all), with the value the contact's custom
 * field of that alias holds.
 */
export function KeyEntitiesPanel({
  acc,
  values,
}: {
  acc: string;
  values: Record<string, unknown> | undefined;
}) {
  const { t } = useTranslation('departments');
  const entities = useKeyEntities(acc);
  const items = Array.isArray(entities.data) ? entities.data : [];
  if (items.length === 0) return null;
  return (
    <Stack gap={4} data-testid="contact-key-entities">
      <Text fz="xs" fw={600} c="dimmed">
        {t('entities.panelTitle')}
      </Text>
      {items.map((e) => {
        const raw = values?.[entityFieldKey(e.alias)];
        const value = raw === undefined || raw === null || raw === '' ? '' : String(raw);
        return (
          <Group key={e._id} gap={6} wrap="nowrap" justify="space-between">
            <Text fz="xs">
              {e.name} <Code fz={10}>{e.alias}</Code>
            </Text>
            <Text
              fz="xs"
              c={value ? (keyEntityValueValid(e, value) ? undefined : 'red.8') : 'dimmed'}
              style={{ overflowWrap: 'anywhere' }}
            >
              {value || t('entities.panelEmpty')}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
