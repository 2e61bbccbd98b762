import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Code, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconPlugConnected } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TAppRun } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormSave } from '../../app/forms';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { useAcc } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { CardSkeleton } from '../../ui/card-skeleton';
import { FormFailure } from '../../ui/form-modal';
import { LoadError } from '../../ui/load-error';
import { PageHeader } from '../../ui/page-header';
import { AppSettingsFields, initialSettings } from './app-settings-dialog';
import { RUN_COLORS } from './app-history-page';
import {
  appStoreKey,
  configureApp,
  importSuperlogica,
  installApp,
  testApp,
  useCatalogue,
  useInstalls,
} from './app-store-api';

/**
 * /acc/superlogica-login (admins): links the account to Superlógica (the app store's Superlógica
 * app): its API base, app token and access token (write-only), then a connection test.
 */
export function SuperlogicaPage() {
  const { t } = useTranslation('app-store');
  const acc = useAcc();
  const link = useAccLink();
  const queryClient = useQueryClient();
  const catalogue = useCatalogue(acc);
  const installs = useInstalls(acc);
  const app = catalogue.data?.find((a) => a.key === 'superlogica') ?? null;
  const install = installs.data?.find((i) => i.app === 'superlogica') ?? null;
  const form = useForm<{ settings: Record<string, string | boolean> }>({ initialValues: { settings: {} } });
  const { saving, failure, save } = useFormSave(form, t);
  const [result, setResult] = useState<TAppRun | null>(null);
  const [testing, setTesting] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once the app and its install are known
  useEffect(() => {
    if (app) form.setValues({ settings: initialSettings(app, install) });
  }, [app, install?._id, install?.updatedAt]);

  const test = async (id: string) => {
    setTesting(true);
    try {
      setResult(await testApp(acc, id));
    } finally {
      setTesting(false);
      await queryClient.invalidateQueries({ queryKey: appStoreKey(acc) });
    }
  };

  const startImport = async () => {
    try {
      await importSuperlogica(acc);
      notify({ color: 'green', message: (t) => t('app-store:superlogica.importStarted') });
    } catch (err) {
      notify({ color: 'red', message: (t) => errorText(t, err) });
    }
  };

  const submit = form.onSubmit((values) =>
    save(async () => {
      const saved = install
        ? await configureApp(acc, install._id, { settings: values.settings })
        : await installApp(acc, { app: 'superlogica', settings: values.settings });
      notify({ color: 'green', message: (t) => t('app-store:superlogica.saved') });
      await queryClient.invalidateQueries({ queryKey: appStoreKey(acc) });
      await test(saved._id);
    }),
  );

  return (
    <Stack gap="lg" maw={720}>
      <PageHeader title={t('superlogica.title')} description={t('superlogica.subtitle')} />
      {catalogue.isPending || installs.isPending ? (
        <CardSkeleton rows={3} />
      ) : catalogue.isError || installs.isError || !app ? (
        <LoadError error={catalogue.error ?? installs.error} />
      ) : (
        <Card withBorder padding="lg">
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <Group justify="space-between">
                <Text fw={600}>{t('apps.superlogica.name')}</Text>
                <Badge
                  color={install ? (install.status === 'active' ? 'green' : 'gray') : 'gray'}
                  variant="light"
                  data-testid="superlogica-state"
                >
                  {install ? t(`installStatus.${install.status}`) : t('superlogica.notConnected')}
                </Badge>
              </Group>
              <FormFailure failure={failure} />
              <AppSettingsFields app={app} install={install} form={form} />
              {install && (
                <Text fz="xs" c="dimmed">
                  {t('superlogica.importHelp')}
                </Text>
              )}
              <Group justify="space-between" mt="xs">
                <Button component={Link} to={link('/appstore/history')} variant="subtle">
                  {t('history')}
                </Button>
                <Group gap="sm">
                  {install?.status === 'active' && (
                    <Button
                      variant="default"
                      leftSection={<IconDownload size={16} />}
                      onClick={() => void startImport()}
                    >
                      {t('superlogica.import')}
                    </Button>
                  )}
                  {install && (
                    <Button
                      variant="default"
                      leftSection={<IconPlugConnected size={16} />}
                      loading={testing}
                      onClick={() => void test(install._id)}
                    >
                      {t('test')}
                    </Button>
                  )}
                  <Button type="submit" loading={saving}>
                    {install ? t('superlogica.save') : t('superlogica.connect')}
                  </Button>
                </Group>
              </Group>
              {result && (
                <Alert
                  color={RUN_COLORS[result.status]}
                  title={t(`runStatus.${result.status}`)}
                  data-testid="superlogica-result"
                >
                  <Text fz="sm">{t(`messages.${result.message}`, { defaultValue: result.message })}</Text>
                  {result.log.length > 0 && (
                    <Code block mt="xs">
                      {result.log.join('\n')}
                    </Code>
                  )}
                </Alert>
              )}
            </Stack>
          </form>
        </Card>
      )}
    </Stack>
  );
}
