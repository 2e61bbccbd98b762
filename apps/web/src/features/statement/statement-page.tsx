import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function StatementPage() {
  const { t } = useTranslation('statement');
  return <Title order={1}>{t('title')}</Title>;
}
