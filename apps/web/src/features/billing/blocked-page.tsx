import { Button } from '@mantine/core';
import { IconCircleCheck, IconLockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { StatusPage } from '../../ui/status-page';
import { blockedReason } from './trial';

/** /blocked: says why the account is blocked (payment due, locked, trial over), or that it is not. */
export function BlockedPage() {
  const { t } = useTranslation('billing');
  const session = useSession();
  const link = useAccLink();
  const reason = blockedReason(session.account);
  if (reason === 'none')
    return (
      <StatusPage
        icon={<IconCircleCheck size={32} />}
        title={t('blocked.none.title')}
        description={t('blocked.none.description')}
        actions={
          <Button component={Link} to={link('/dashboard')} size="md">
            {t('blocked.none.cta')}
          </Button>
        }
      />
    );
  return (
    <StatusPage
      icon={<IconLockExclamation size={32} />}
      color="orange"
      title={t(`blocked.${reason}.title`)}
      description={t(`blocked.${reason}.description`)}
      actions={
        <Button component={Link} to={link('/plans')} size="md">
          {t(`blocked.${reason}.cta`)}
        </Button>
      }
    />
  );
}
