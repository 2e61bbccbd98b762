import { Alert, Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconAppWindow, IconMessages, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useInbox, useRealtimeState } from './inbox-context';

/** Spec §8: connection lost, with retry and reload (shown while the socket is down). */
export function OfflineBanner() {
  const { t } = useTranslation('inbox');
  const { realtime } = useInbox();
  const { connection } = useRealtimeState();
  if (connection !== 'offline') return <div />;
  return (
    <Alert
      color="red.9"
      variant="filled"
      radius={0}
      py={6}
      icon={<IconWifiOff size={18} />}
      role="alert"
      data-testid="offline-banner"
    >
      <Group justify="space-between" gap="xs">
        <Text fz="sm" fw={600}>
          {t('offline.title')}{' '}
          <Text span fz="sm" fw={400}>
            {t('offline.text')}
          </Text>
        </Text>
        <Group gap={6}>
          <Button size="compact-sm" variant="white" color="red.9" onClick={() => realtime?.retry()}>
            {t('offline.retry')}
          </Button>
          <Button size="compact-sm" variant="outline" color="white" onClick={() => window.location.reload()}>
            {t('offline.reload')}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}

/** Spec §8: the inbox is open in another tab; 'Use here' moves it to this one. */
export function ConflictScreen({ onUseHere }: { onUseHere: () => void }) {
  const { t } = useTranslation('inbox');
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="md" maw={460} ta="center" data-testid="tab-conflict">
        <IconAppWindow size={56} stroke={1.3} color="var(--mantine-color-brand-7)" aria-hidden />
        <Title order={1} fz="h3">
          {t('conflict.title')}
        </Title>
        <Text c="dimmed">{t('conflict.text')}</Text>
        <Button size="md" onClick={onUseHere}>
          {t('conflict.useHere')}
        </Button>
      </Stack>
    </Center>
  );
}

/** The middle column before a conversation is chosen. */
export function NoConversation() {
  const { t } = useTranslation('inbox');
  return (
    <Center flex={1} p="xl">
      <Stack align="center" gap={6} ta="center" c="dimmed">
        <IconMessages size={48} stroke={1.3} aria-hidden />
        <Text fw={600} c="gray.8">
          {t('conversation.noneTitle')}
        </Text>
        <Text fz="sm">{t('conversation.noneText')}</Text>
      </Stack>
    </Center>
  );
}
