import { Code, Group, Stack, Text } from '@mantine/core';
import { keyEntityValueValid } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useKeyEntities } from './departments-api';

/** A custom field's key for a key entity: its alias without the `$` (`$cpf` → `cpf`). */
export const entityFieldKey = (alias: string) => alias.replace(/^\$/, '');

/** The contact's own fields a `$key` names, as a bot reads them (chatbots' flow-text dollarValue). */
function contactFieldValue(
  key: string,
  contact: { name?: string | null; email?: string | null; phone?: string | null },
): unknown {
  if (key === 'name') return contact.name;
  if (key === 'firstName') return contact.name?.split(/\s+/)[0];
  if (key === 'email') return contact.email;
  if (key === 'phone') return contact.phone;
  return undefined;
}

/**
 * The contact's key entities in the inbox's contact panel: those the member may see (their
 * `entities`; all when none is set, managers and up all), with the value the contact holds for
 * that alias: its own name, e-mail or phone for `$name`, `$email`, `$phone` (where a bot saves
 * them), else the custom field of that alias.
 */
export function KeyEntitiesPanel({
  acc,
  values,
  contact = {},
}: {
  acc: string;
  values: Record<string, unknown> | undefined;
  contact?: { name?: string | null; email?: string | null; phone?: string | null };
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
        const key = entityFieldKey(e.alias);
        const raw = contactFieldValue(key, contact) ?? values?.[key];
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
