import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function LeadsPage() {
  const { t } = useTranslation('leads');
  return <Title order={1}>{t('title')}</Title>;
}
