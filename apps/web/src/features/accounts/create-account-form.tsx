import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PLANS, ZCreateAccountBody, type TAccountListItem, type TPlanId } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { zodValidator } from '../../app/forms';
import { errorText } from '../../app/i18n';
import { INDUSTRIES } from './company-options';

/** New account form (POST /g/acc); the caller becomes its master. */
export function CreateAccountForm({
  onCreated,
  onCancel,
  autoFocus = false,
}: {
  onCreated: (item: TAccountListItem) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('account');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useForm({
    initialValues: { name: '', companyIndustry: '', plan: 'free' as TPlanId },
    validate: zodValidator(ZCreateAccountBody, t),
  });
  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      const item = await api.post<TAccountListItem>('/g/acc', {
        ...values,
        companyGoal: '',
        whitelabel: false,
        companyEmployeeCount: '',
      });
      form.reset();
      onCreated(item);
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label={t('fields.name')}
          required
          data-autofocus={autoFocus || undefined}
          {...form.getInputProps('name')}
        />
        <Select
          label={t('fields.industry')}
          placeholder={t('auth:fields.select')}
          data={INDUSTRIES.map((key) => ({ value: key, label: t(`industries.${key}`) }))}
          {...form.getInputProps('companyIndustry')}
        />
        <Select
          label={t('auth:fields.plan')}
          data={PLANS.map((plan) => ({ value: plan.id, label: t(`billing:plans.${plan.id}.name`) }))}
          allowDeselect={false}
          {...form.getInputProps('plan')}
        />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('common:cancel')}
            </Button>
          )}
          <Button type="submit" loading={busy} fullWidth={!onCancel}>
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
