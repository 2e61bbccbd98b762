import { useMemo, useState } from 'react';
import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZUpdateAccountBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors, zodValidator } from '../../app/forms';
import { errorText } from '../../app/i18n';
import { refreshAccount, useSession } from '../../app/session';
import { PageHeader } from '../../ui/page-header';
import { formatDate } from '../../app/format';
import { GOALS, INDUSTRIES, optionsWithValue } from './company-options';
import { useUpdateAccount } from './account-mutations';
import { DeleteAccountCard } from './delete-account-card';
import { notify } from '../../app/notify';
import { timeZoneOptions } from '../../app/time-zones';

export { timeZoneOptions } from '../../app/time-zones';

/** /acc: account name, industry, goal and time zone; delete by typing DELETE / EXCLUIR. */
export function AccountPage() {
  const { t, i18n } = useTranslation('account');
  const session = useSession();
  const details = session.account!;
  const acc = details.acc;
  const zones = useMemo(() => timeZoneOptions(i18n.language, acc.timezone), [i18n.language, acc.timezone]);
  const form = useForm({
    initialValues: { name: acc.name, companyIndustry: acc.companyIndustry, companyGoal: acc.companyGoal },
    validate: zodValidator(ZUpdateAccountBody, t),
  });
  const [timezone, setTimezone] = useState<string | null>(acc.timezone || null);

  const update = useUpdateAccount(acc._id, {
    onSuccess: async () => {
      await refreshAccount();
      notify({ color: 'green', message: (t) => t('account:saved') });
    },
    onError: (err) => {
      form.setErrors(serverFieldErrors(t, err));
      notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) });
    },
  });
  // Which card's button is busy: the time zone card saves only `timezone`.
  const saving = update.isPending ? ('timezone' in (update.variables ?? {}) ? 'timezone' : 'profile') : null;
  const save = (body: Record<string, unknown>) => update.mutate(body);

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('title')}
        description={t('subtitle', { date: formatDate(acc.createdAt, i18n.language) })}
      />
      <Card padding="lg">
        <Text fw={650} mb={4}>
          {t('profile.title')}
        </Text>
        <Text c="dimmed" fz="sm" mb="md">
          {t('profile.description')}
        </Text>
        <form onSubmit={form.onSubmit((values) => save(values))} noValidate>
          <Stack>
            <TextInput label={t('fields.name')} required {...form.getInputProps('name')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('fields.industry')}
                placeholder={t('auth:fields.select')}
                data={optionsWithValue(INDUSTRIES, (k) => t(`industries.${k}`), form.values.companyIndustry)}
                {...form.getInputProps('companyIndustry')}
              />
              <Select
                label={t('fields.goal')}
                placeholder={t('auth:fields.select')}
                data={optionsWithValue(GOALS, (k) => t(`goals.${k}`), form.values.companyGoal)}
                {...form.getInputProps('companyGoal')}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={saving === 'profile'}>
                {t('common:save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Card padding="lg">
        <Text fw={650} mb={4}>
          {t('timezone.title')}
        </Text>
        <Text c="dimmed" fz="sm" mb="md">
          {t('timezone.description')}
        </Text>
        <Group align="flex-end">
          <Select
            label={t('fields.timezone')}
            data={zones}
            searchable
            value={timezone}
            onChange={setTimezone}
            allowDeselect={false}
            style={{ flex: 1, maxWidth: 420 }}
            nothingFoundMessage={t('common:nothingFound')}
          />
          <Button
            onClick={() => timezone && save({ timezone })}
            loading={saving === 'timezone'}
            disabled={!timezone || timezone === acc.timezone}
          >
            {t('common:save')}
          </Button>
        </Group>
      </Card>
      {details.userAccAccessAcl === 'master' && <DeleteAccountCard account={acc} />}
    </Stack>
  );
}
