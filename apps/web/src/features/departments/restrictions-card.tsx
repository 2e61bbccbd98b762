import { Stack, Switch } from '@mantine/core';
import { ACCOUNT_RESTRICTIONS, type TAccountRestriction } from '@atende/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { refreshAccount, useSession } from '../../app/session';
import { FormCard } from '../../ui/section-heading';
import { accountsApi } from '../accounts/accounts-api';

/**
 * Settings → Restrictions, the account's switches (spec §6): operators lose the contacts page or
 * contacts everywhere (the menu item hides too); managers cannot download reports. Each switch is
 * saved at once (PUT /g/acc/{acc}) and written to the activity log by the server.
 */
export function RestrictionsCard({ acc }: { acc: string }) {
  const { t } = useTranslation('departments');
  const account = useSession().account?.acc;
  const save = useMutation({
    mutationFn: (patch: Partial<Record<TAccountRestriction, boolean>>) => accountsApi.update(acc, patch),
    onSuccess: async () => {
      await refreshAccount();
      notify({ color: 'green', message: (t) => t('departments:restrictions.saved') });
    },
    onError: (err) =>
      notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) }),
  });
  if (!account) return null;
  return (
    <FormCard title={t('restrictions.title')} description={t('restrictions.description')}>
      <Stack gap="md" data-testid="account-restrictions">
        {ACCOUNT_RESTRICTIONS.map((key) => (
          <Switch
            key={key}
            checked={Boolean(account[key])}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ [key]: e.currentTarget.checked })}
            label={t(`restrictions.${key}`)}
            description={t(`restrictions.${key}Help`)}
          />
        ))}
      </Stack>
    </FormCard>
  );
}
