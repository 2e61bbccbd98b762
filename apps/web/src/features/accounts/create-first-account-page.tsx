import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { QueryProvider } from '../../app/query-provider';
import { currentAcc, loadAccount, logout, useSession } from '../../app/session';
import { AuthFrame } from '../auth/auth-frame';
import { CreateAccountForm } from './create-account-form';

/**
 * /create-account: a signed-in user without any account (their last one was deleted, or they
 * never had one) creates one here instead of being stuck at the sign-in page.
 */
export function CreateFirstAccountPage() {
  const { t } = useTranslation('account');
  const session = useSession();
  const navigate = useNavigate();
  if (!session.token) return <Navigate to="/login?to=%2Fcreate-account" replace />;
  const acc = currentAcc(session);
  if (session.status === 'ready' && acc) return <Navigate to={`/dashboard?acc=${acc}`} replace />;
  return (
    <AuthFrame
      title={t('first.title')}
      subtitle={t('first.subtitle')}
      footer={
        <Text fz="sm" c="dimmed">
          {t('first.invitation')}{' '}
          <Anchor component="button" type="button" fz="sm" fw={600} onClick={() => void logout(null)}>
            {t('first.logout')}
          </Anchor>
        </Text>
      }
    >
      <QueryProvider>
        <CreateAccountForm
          onCreated={async (item) => {
            await loadAccount(item._id);
            navigate(`/dashboard?acc=${item._id}`, { replace: true });
          }}
        />
      </QueryProvider>
    </AuthFrame>
  );
}
