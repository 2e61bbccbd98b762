import { Badge, Button, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconPlugConnected, IconPlus, IconSettings } from '@tabler/icons-react';
import type { TAppCatalogueItem, TAppInstall } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { AppIcon } from './app-icon';

export interface TAppActions {
  install: () => void;
  configure: () => void;
  test: () => void;
  toggle: () => void;
  uninstall: () => void;
}

/** One app of the catalogue: what it does, whether it is installed, and what can be done with it. */
export function AppCard({
  app,
  install,
  busy,
  actions,
}: {
  app: TAppCatalogueItem;
  install: TAppInstall | null;
  busy: boolean;
  actions: TAppActions;
}) {
  const { t } = useTranslation('app-store');
  const name = t(`apps.${app.key}.name`);
  return (
    <Card withBorder padding="lg" data-testid={`app-card-${app.key}`}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <AppIcon icon={app.icon} />
            <Stack gap={2}>
              <Text fw={600}>{name}</Text>
              <Text fz="xs" c="dimmed">
                {t(`categories.${app.category}`)}
              </Text>
            </Stack>
          </Group>
          {install && (
            <Badge
              color={install.status === 'active' ? 'green' : 'gray'}
              variant="light"
              miw="max-content"
              data-testid="app-status"
            >
              {t(`installStatus.${install.status}`)}
            </Badge>
          )}
        </Group>
        <Text fz="sm" c="dimmed" style={{ flex: 1 }}>
          {t(`apps.${app.key}.description`)}
        </Text>
        {install?.disabledReason === 'errors' && (
          <Text fz="xs" c="red.8">
            {t('disabledByErrors')}
          </Text>
        )}
        <Group gap="xs">
          {!install ? (
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={actions.install}>
              {t('install')}
            </Button>
          ) : (
            <>
              {app.fields.length > 0 && (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconSettings size={14} />}
                  onClick={actions.configure}
                >
                  {t('configure')}
                </Button>
              )}
              {app.testable && (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconPlugConnected size={14} />}
                  loading={busy}
                  onClick={actions.test}
                >
                  {t('test')}
                </Button>
              )}
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="gray"
                    aria-label={t('moreActions', { name })}
                    px={6}
                  >
                    <IconDots size={16} />
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={actions.toggle}>
                    {install.status === 'active' ? t('disable') : t('enable')}
                  </Menu.Item>
                  <Menu.Item color="red" onClick={actions.uninstall}>
                    {t('uninstall')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
