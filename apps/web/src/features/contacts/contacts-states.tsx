import { Alert, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAddressBook, IconLock, IconPlus, IconSearchOff, IconUpload } from '@tabler/icons-react';
import { CONTACT_LIMITS, type TContactList } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../app/i18n';
import { formatNumber } from '../../app/format';

/** '1.234 contatos', or '10.000+ contatos' when the server only estimates past its cap. */
export function countLabel(list: Pick<TContactList, 'count' | 'countIsEstimate'>, lang: string): string {
  const shown = list.countIsEstimate ? Math.max(list.count, CONTACT_LIMITS.countCap) : list.count;
  return `${formatNumber(shown, lang)}${list.countIsEstimate ? '+' : ''}`;
}

export function ContactsCount({ list }: { list: TContactList }) {
  const { t, i18n } = useTranslation('contacts');
  return (
    <span data-testid="contacts-count">
      {t('count', { count: list.count, formatted: countLabel(list, i18n.language) })}
    </span>
  );
}

/** No contacts yet (create or import), or none under the filters (clear them). */
export function ContactsEmpty({
  filtered,
  onClear,
  onCreate,
  importPath,
}: {
  filtered: boolean;
  onClear: () => void;
  onCreate: () => void;
  importPath: string;
}) {
  const { t } = useTranslation('contacts');
  return (
    <Card padding="xl" data-testid="contacts-empty">
      <Stack align="center" gap="sm" py="xl">
        <ThemeIcon size={56} radius="xl" variant="light">
          {filtered ? <IconSearchOff size={28} /> : <IconAddressBook size={28} />}
        </ThemeIcon>
        <Title order={2} fz="lg">
          {t(filtered ? 'empty.filteredTitle' : 'empty.title')}
        </Title>
        <Text c="dimmed" fz="sm" ta="center" maw={420}>
          {t(filtered ? 'empty.filteredText' : 'empty.text')}
        </Text>
        <Group gap="sm" mt="xs">
          {filtered ? (
            <Button variant="default" onClick={onClear}>
              {t('filters.clear')}
            </Button>
          ) : (
            <>
              <Button
                component={Link}
                to={importPath}
                variant="default"
                leftSection={<IconUpload size={16} />}
              >
                {t('actions.import')}
              </Button>
              <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
                {t('actions.new')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** The server refused the list (e.g. an operator blocked from contacts by the account settings). */
export function ContactsBlocked({ error }: { error: unknown }) {
  const { t } = useTranslation('contacts');
  const code = (error as { code?: string } | null)?.code;
  return (
    <Alert
      color={code === 'NOT_AUTHORIZED' ? 'yellow' : 'red'}
      variant="light"
      icon={<IconLock size={20} />}
      title={code === 'NOT_AUTHORIZED' ? t('blocked.title') : t('common:error')}
      role="alert"
      data-testid="contacts-error"
    >
      {errorText(t, error)}
    </Alert>
  );
}
