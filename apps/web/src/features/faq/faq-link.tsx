import { Anchor } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccLink } from '../../app/shell/use-acc-link';

/** "How the AI chatbot works": a link to /faq/chatbot-ia, for the AI editors. */
export function FaqHelpLink() {
  const { t } = useTranslation('faq');
  const link = useAccLink();
  return (
    <Anchor component={Link} to={link('/faq/chatbot-ia')} fz="sm" data-testid="faq-link">
      <IconHelpCircle size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
      {t('index.helpLink')}
    </Anchor>
  );
}
