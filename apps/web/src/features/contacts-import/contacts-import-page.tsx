import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ContactsImportPage() {
  const { t } = useTranslation('contacts-import');
  return <Title order={1}>{t('title')}</Title>;
}
