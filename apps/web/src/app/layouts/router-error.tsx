import { Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { StatusPage } from '../../ui/status-page';

/** Render errors and chunk-load failures: offer a reload. */
export function RouterErrorPage() {
  const { t } = useTranslation('status');
  const error = useRouteError();
  console.error(error);
  return (
    <StatusPage
      icon={<IconAlertTriangle size={32} />}
      color="red"
      code="500"
      title={t('serverError.title')}
      description={t('serverError.description')}
      actions={<Button onClick={() => window.location.reload()}>{t('actions.reload')}</Button>}
    />
  );
}
