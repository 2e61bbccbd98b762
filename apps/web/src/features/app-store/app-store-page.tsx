import { useState } from 'react';
import { Button, SimpleGrid, Stack } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TAppCatalogueItem, TAppInstall } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../app/i18n';
import { notify, type TToastText } from '../../app/notify';
import { useAcc } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { CardSkeleton } from '../../ui/card-skeleton';
import { ConfirmModal } from '../../ui/confirm-modal';
import { LoadError } from '../../ui/load-error';
import { PageHeader } from '../../ui/page-header';
import { AppCard } from './app-card';
import { AppSettingsDialog } from './app-settings-dialog';
import {
  appStoreKey,
  configureApp,
  installApp,
  setAppEnabled,
  testApp,
  uninstallApp,
  useCatalogue,
  useInstalls,
} from './app-store-api';
import { WebhooksPanel } from './webhooks/webhooks-panel';

/** /appstore (admins): the catalogue of apps, install/configure/test/disable/uninstall, and the webhook endpoints. */
export function AppStorePage() {
  const { t } = useTranslation('app-store');
  const acc = useAcc();
  const link = useAccLink();
  const queryClient = useQueryClient();
  const catalogue = useCatalogue(acc);
  const installs = useInstalls(acc);
  const [editing, setEditing] = useState<{ app: TAppCatalogueItem; install: TAppInstall | null } | null>(
    null,
  );
  const [removing, setRemoving] = useState<{ app: TAppCatalogueItem; install: TAppInstall } | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: appStoreKey(acc) });
  const installOf = (key: string) => installs.data?.find((i) => i.app === key) ?? null;
  const webhooks = installOf('webhooks');

  const run = async (action: () => Promise<unknown>, success: TToastText) => {
    try {
      await action();
      notify({ color: 'green', message: success });
    } catch (err) {
      notify({ color: 'red', message: (t) => errorText(t, err) });
    }
    await refresh();
  };

  const test = async (app: TAppCatalogueItem, install: TAppInstall) => {
    setTesting(install._id);
    try {
      const result = await testApp(acc, install._id);
      notify({
        color: result.status === 'success' ? 'green' : 'red',
        message: (t) =>
          t(result.status === 'success' ? 'app-store:testOk' : 'app-store:testFailed', {
            name: t(`app-store:apps.${app.key}.name`),
          }),
      });
    } catch (err) {
      notify({ color: 'red', message: (t) => errorText(t, err) });
    } finally {
      setTesting(null);
      await refresh();
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <Button
            component={Link}
            to={link('/appstore/history')}
            variant="default"
            leftSection={<IconHistory size={16} />}
          >
            {t('history')}
          </Button>
        }
      />
      {catalogue.isPending || installs.isPending ? (
        <CardSkeleton rows={4} />
      ) : catalogue.isError || installs.isError ? (
        <LoadError error={catalogue.error ?? installs.error} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="app-catalogue">
          {catalogue.data.map((app) => {
            const install = installOf(app.key);
            return (
              <AppCard
                key={app.key}
                app={app}
                install={install}
                busy={testing === install?._id}
                actions={{
                  install: () =>
                    app.fields.length
                      ? setEditing({ app, install: null })
                      : void run(
                          () => installApp(acc, { app: app.key, settings: {} }),
                          (t) => t('app-store:installed', { name: t(`app-store:apps.${app.key}.name`) }),
                        ),
                  configure: () => setEditing({ app, install }),
                  test: () => install && void test(app, install),
                  toggle: () =>
                    install &&
                    void run(
                      () => setAppEnabled(acc, install._id, install.status !== 'active'),
                      (t) =>
                        t(install.status === 'active' ? 'app-store:disabled' : 'app-store:enabled', {
                          name: t(`app-store:apps.${app.key}.name`),
                        }),
                    ),
                  uninstall: () => install && setRemoving({ app, install }),
                }}
              />
            );
          })}
        </SimpleGrid>
      )}
      {webhooks && <WebhooksPanel />}
      <AppSettingsDialog
        app={editing?.app ?? null}
        install={editing?.install ?? null}
        opened={Boolean(editing)}
        onClose={() => setEditing(null)}
        onSave={async (settings) => {
          if (!editing) return;
          const { app, install } = editing;
          if (install) await configureApp(acc, install._id, { settings });
          else await installApp(acc, { app: app.key, settings });
          notify({
            color: 'green',
            message: (t) =>
              t(install ? 'app-store:configured' : 'app-store:installed', {
                name: t(`app-store:apps.${app.key}.name`),
              }),
          });
          setEditing(null);
          await refresh();
        }}
      />
      <ConfirmModal
        opened={Boolean(removing)}
        title={t('uninstallTitle')}
        message={t('uninstallConfirm', { name: removing ? t(`apps.${removing.app.key}.name`) : '' })}
        confirm={t('uninstall')}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          await uninstallApp(acc, removing.install._id);
          notify({
            color: 'green',
            message: (t) =>
              t('app-store:uninstalled', { name: t(`app-store:apps.${removing.app.key}.name`) }),
          });
          setRemoving(null);
          await refresh();
        }}
      />
    </Stack>
  );
}
