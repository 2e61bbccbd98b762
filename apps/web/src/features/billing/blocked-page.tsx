import { Button } from '@mantine/core';
import { IconLockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { StatusPage } from '../../ui/status-page';

/** /blocked: the account is locked or its trial is over and it is neither bonus nor paying. */
export function BlockedPage() {
  const { t } = useTranslation('billing');
  const session = useSession();
  const link = useAccLink();
  const locked = Boolean(session.account?.acc.locked);
  return (
    <StatusPage
      icon={<IconLockExclamation size={32} />}
      color="orange"
      title={locked ? t('blocked.lockedTitle') : t('blocked.title')}
      description={locked ? t('blocked.lockedDescription') : t('blocked.description')}
      actions={
        <Button component={Link} to={link('/plans')} size="md">
          {t('blocked.cta')}
        </Button>
      }
    />
  );
}
