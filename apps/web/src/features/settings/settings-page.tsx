import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function SettingsPage() {
  const { t } = useTranslation('settings');
  return <Title order={1}>{t('title')}</Title>;
}
