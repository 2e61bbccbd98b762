import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PLANS, ZCreateAccountBody, type TAccountListItem, type TPlanId } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { zodValidator } from '../../app/forms';
import { errorText } from '../../app/i18n';
import { useCreateAccount } from './account-mutations';
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
  const form = useForm({
    initialValues: { name: '', companyIndustry: '', plan: 'free' as TPlanId },
    validate: zodValidator(ZCreateAccountBody, t),
  });
  const create = useCreateAccount({
    onSuccess: (item) => {
      form.reset();
      onCreated(item);
    },
  });
  const submit = form.onSubmit((values) =>
    create.mutate({ ...values, companyGoal: '', whitelabel: false, companyEmployeeCount: '' }),
  );
  const error = create.error ? errorText(t, create.error) : null;
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
          <Button type="submit" loading={create.isPending} fullWidth={!onCancel}>
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
