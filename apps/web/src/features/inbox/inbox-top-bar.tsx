import { Anchor, Button, Group, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconMessagePlus } from '@tabler/icons-react';
import { hasRole } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentRole, useSession } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { Logo } from '../../ui/logo';
import { formatNumber } from '../../app/format';
import { useInbox, useRealtimeState } from './inbox-context';

/** The inbox's own header: back to the app, connection state, plan usage (admins), new conversation. */
export function InboxTopBar() {
  const { t, i18n } = useTranslation('inbox');
  const { data, manager } = useInbox();
  const { connection } = useRealtimeState();
  const session = useSession();
  const link = useAccLink();
  const admin = hasRole(currentRole(session), 'admin');
  const canStart = manager || !data.inbox.blockStartConversation;
  const usage = data.usage;
  return (
    <Group
      component="header"
      className="inbox-topbar"
      justify="space-between"
      wrap="nowrap"
      px="md"
      py={8}
      bg="white"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group gap="sm" wrap="nowrap">
        <Tooltip label={t('topbar.back')}>
          <Anchor
            component={Link}
            to={link('/dashboard')}
            aria-label={t('topbar.back')}
            c="gray.8"
            display="flex"
          >
            <IconArrowLeft size={18} />
          </Anchor>
        </Tooltip>
        <span aria-hidden="true" style={{ display: 'flex' }}>
          <Logo name={t('common:appName')} size={28} withText={false} />
        </span>
        <Title order={1} fz="lg">
          {t('title')}
        </Title>
        <Tooltip label={t(`connection.${connection}`)}>
          <span
            role="img"
            aria-label={t(`connection.${connection}`)}
            data-testid="connection-dot"
            data-state={connection}
            style={{
              width: 9,
              height: 9,
              borderRadius: 999,
              background:
                connection === 'connected'
                  ? 'var(--mantine-color-green-6)'
                  : connection === 'offline'
                    ? 'var(--mantine-color-red-6)'
                    : 'var(--mantine-color-yellow-6)',
            }}
          />
        </Tooltip>
      </Group>
      <Group gap="md" wrap="nowrap">
        {admin && usage.limit !== null && (
          <Text fz="xs" c={usage.used >= usage.limit ? 'red.8' : 'dimmed'} visibleFrom="md">
            {t('topbar.usage', {
              used: formatNumber(usage.used, i18n.language),
              limit: formatNumber(usage.limit, i18n.language),
            })}
          </Text>
        )}
        {canStart && (
          <Button
            component={Link}
            to={link('/apps/inbox/start-conversation')}
            size="sm"
            leftSection={<IconMessagePlus size={16} />}
          >
            {t('topbar.newConversation')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
