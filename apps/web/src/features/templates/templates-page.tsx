import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function TemplatesPage() {
  const { t } = useTranslation('templates');
  return <Title order={1}>{t('title')}</Title>;
}
