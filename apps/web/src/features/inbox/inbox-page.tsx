import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function InboxPage() {
  const { t } = useTranslation('inbox');
  return <Title order={1}>{t('title')}</Title>;
}
