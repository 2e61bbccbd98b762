import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function QuickMessagesPage() {
  const { t } = useTranslation('quick-messages');
  return <Title order={1}>{t('title')}</Title>;
}
