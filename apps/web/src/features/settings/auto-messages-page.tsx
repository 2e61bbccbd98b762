import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function AutoMessagesPage() {
  const { t } = useTranslation('settings');
  return <Title order={1}>{t('title')}</Title>;
}
