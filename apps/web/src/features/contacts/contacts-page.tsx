import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ContactsPage() {
  const { t } = useTranslation('contacts');
  return <Title order={1}>{t('title')}</Title>;
}
