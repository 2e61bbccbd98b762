import { Button } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { StatusPage } from '../../ui/status-page';
import { isChunkLoadError } from '../lazy-page';

/** Render errors; a page whose code could not be loaded offers to reload into the new version. */
export function RouterErrorPage() {
  const { t } = useTranslation('status');
  const error = useRouteError();
  const reload = (
    <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
      {t('actions.reload')}
    </Button>
  );
  if (isChunkLoadError(error)) {
    return (
      <StatusPage
        icon={<IconRefresh size={32} />}
        title={t('newVersion.title')}
        description={t('newVersion.description')}
        actions={reload}
      />
    );
  }
  console.error(error);
  return (
    <StatusPage
      icon={<IconAlertTriangle size={32} />}
      color="red"
      code="500"
      title={t('serverError.title')}
      description={t('serverError.description')}
      actions={reload}
    />
  );
}
