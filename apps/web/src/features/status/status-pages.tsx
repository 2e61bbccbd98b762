import { useEffect } from 'react';
import { Button, Group } from '@mantine/core';
import {
  IconBarrierBlock,
  IconLock,
  IconMapOff,
  IconServerOff,
  IconTool,
  IconHourglass,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { logout, useSession } from '../../app/session';
import { PageLoader } from '../../ui/page-loader';
import { StatusPage } from '../../ui/status-page';

function HomeButton() {
  const { t } = useTranslation('status');
  const session = useSession();
  return (
    <Button component={Link} to={session.token ? '/dashboard' : '/login'}>
      {session.token ? t('actions.home') : t('actions.login')}
    </Button>
  );
}

/** Role below the route's minimum (spec §6 message). */
export function NotAuthorizedPage() {
  const { t } = useTranslation('status');
  return (
    <StatusPage
      icon={<IconLock size={32} />}
      color="orange"
      code="403"
      title={t('notAuthorized.title')}
      description={t('errors:NOT_AUTHORIZED')}
      actions={<HomeButton />}
    />
  );
}

export function NotFoundPage() {
  const { t } = useTranslation('status');
  return (
    <StatusPage
      icon={<IconMapOff size={32} />}
      code="404"
      title={t('notFound.title')}
      description={t('notFound.description')}
      actions={<HomeButton />}
    />
  );
}

export function ServerErrorPage() {
  const { t } = useTranslation('status');
  return (
    <StatusPage
      icon={<IconServerOff size={32} />}
      color="red"
      code="500"
      title={t('serverError.title')}
      description={t('serverError.description')}
      actions={
        <Group>
          <Button variant="default" onClick={() => window.location.reload()}>
            {t('actions.reload')}
          </Button>
          <HomeButton />
        </Group>
      }
    />
  );
}

export function MaintenancePage() {
  const { t } = useTranslation('status');
  return (
    <StatusPage
      icon={<IconTool size={32} />}
      color="yellow"
      title={t('maintenance.title')}
      description={t('maintenance.description')}
      actions={<Button onClick={() => window.location.reload()}>{t('actions.retry')}</Button>}
    />
  );
}

export function ComingSoonPage() {
  const { t } = useTranslation('status');
  return (
    <StatusPage
      icon={<IconHourglass size={32} />}
      title={t('comingSoon.title')}
      description={t('comingSoon.description')}
      actions={<HomeButton />}
    />
  );
}

/**
 * Restricted operator (spec §6): shown without a loading indicator. The restriction is read again
 * with the account (the flag kept from the last visit may be stale, e.g. hours that began since):
 * once it is lifted, the operator goes on to the page asked for, or the dashboard.
 */
export function RestrictedPage() {
  const { t } = useTranslation('status');
  const session = useSession();
  const navigate = useNavigate();
  const from = (useLocation().state as { from?: string } | null)?.from;
  const lifted = session.status === 'ready' && !session.restrictedOperator;
  useEffect(() => {
    if (lifted) navigate(from ?? '/dashboard', { replace: true });
  }, [lifted, from, navigate]);
  if (lifted) return null;
  return (
    <StatusPage
      icon={<IconBarrierBlock size={32} />}
      color="orange"
      title={t('restricted.title')}
      description={t('restricted.description')}
      actions={
        <Button variant="default" onClick={() => void logout(null)}>
          {t('actions.logout')}
        </Button>
      }
    />
  );
}

/** /callback: external sign-in returns here, then the app continues to the dashboard. */
export function CallbackPage() {
  const navigate = useNavigate();
  useEffect(() => {
    navigate('/dashboard', { replace: true });
  }, [navigate]);
  return <PageLoader />;
}
