import { useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Select, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { ZSetupBody, isPlanId, type TPlanId } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { serverFieldErrors, useFormSave, zodValidator } from '../../app/forms';
import { currentLang } from '../../app/i18n';
import { keepCredentials } from '../../app/session';
import { EMPLOYEE_RANGES, INDUSTRIES } from '../accounts/company-options';
import { AuthFrame } from './auth-frame';
import { authApi } from './auth-api';
import { withDefaultCountry } from '../../app/format';
import { PlanPicker } from './plan-picker';
import { NewPasswordFields, PhoneField } from './account-fields';

const STEP_FIELDS = [
  ['name', 'email', 'phone', 'password', 'confirmPassword'],
  ['companyName', 'companyIndustry', 'companyEmployees', 'plan'],
];

interface TValues {
  name: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  companyName: string;
  companyIndustry: string;
  companyEmployees: string;
  plan: TPlanId;
}

const toBody = (v: TValues) => ({
  name: v.name,
  email: v.email,
  phone: withDefaultCountry(v.phone),
  password: v.password,
  plan: v.plan,
  companyName: v.companyName,
  companyIndustry: v.companyIndustry,
  companyEmployees: v.companyEmployees,
});

/** Register + setup (spec §3 setup user): personal details, then the company and the plan. */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [step, setStep] = useState(0);
  const stepRef = useRef(0);
  const [checking, setChecking] = useState(false);
  const planParam = params.get('plan');
  const schemaCheck = zodValidator<TValues>(ZSetupBody, t, toBody);
  const form = useForm<TValues>({
    initialValues: {
      name: '',
      email: '',
      phone: '',
      password: '',
      confirmPassword: '',
      companyName: '',
      companyIndustry: '',
      companyEmployees: '',
      plan: isPlanId(planParam) ? planParam : 'pro',
    },
    validate: (values) => {
      const errors = schemaCheck(values);
      if (values.confirmPassword !== values.password)
        errors.confirmPassword = t('validation:passwordMismatch');
      const allowed = STEP_FIELDS.slice(0, stepRef.current + 1).flat();
      return Object.fromEntries(Object.entries(errors).filter(([key]) => allowed.includes(key)));
    },
  });

  const goTo = (next: number) => {
    stepRef.current = next;
    setStep(next);
  };
  // A refusal is shown above the form; the fields it names get their message (on their step).
  const {
    saving: submitting,
    failure: error,
    save,
  } = useFormSave(null, t, {
    onError: (err) => {
      const fields = serverFieldErrors(t, err);
      form.setErrors(fields);
      if (Object.keys(fields).some((f) => STEP_FIELDS[0].includes(f))) goTo(0);
    },
  });

  const submit = form.onSubmit(async (values) => {
    if (stepRef.current === 0) {
      // The e-mail is on this step: an address already registered is said here, not after step 2.
      setChecking(true);
      const free = await authApi
        .emailAvailable(values.email.trim())
        .then((r) => r.available)
        .catch(() => true) // unreachable or limited: registration itself still refuses a taken e-mail
        .finally(() => setChecking(false));
      if (!free) {
        form.setFieldError('email', t('errors:EMAIL_IN_USE'));
        return;
      }
      goTo(1);
      return;
    }
    await save(async () => {
      const body = ZSetupBody.parse(toBody(values));
      await authApi.setup({ ...body, lang: currentLang() });
      keepCredentials({ email: body.email, password: values.password, remember: true });
      navigate(
        `/verify?${new URLSearchParams({ email: body.email, to: '/dashboard', sent: '1' }).toString()}`,
      );
    });
  });

  return (
    <AuthFrame
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      width={520}
      footer={
        <Text fz="sm" c="dimmed">
          {t('register.haveAccount')}{' '}
          <Anchor component={Link} to="/login" fw={600}>
            {t('register.signIn')}
          </Anchor>
        </Text>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stepper active={step} size="sm" mb="lg" onStepClick={(index) => index < step && goTo(index)}>
          <Stepper.Step label={t('register.stepYou')} />
          <Stepper.Step label={t('register.stepCompany')} />
        </Stepper>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )}
          {step === 0 ? (
            <>
              <TextInput
                label={t('fields.name')}
                autoComplete="name"
                required
                {...form.getInputProps('name')}
              />
              <TextInput
                label={t('fields.email')}
                type="email"
                autoComplete="email"
                required
                {...form.getInputProps('email')}
              />
              <PhoneField form={form} />
              <NewPasswordFields form={form} userInputs={[form.values.name, form.values.email]} />
              <Button type="submit" size="md" fullWidth loading={checking}>
                {t('register.next')}
              </Button>
            </>
          ) : (
            <>
              <TextInput label={t('fields.companyName')} required {...form.getInputProps('companyName')} />
              <Group grow align="flex-start">
                <Select
                  label={t('fields.companyIndustry')}
                  placeholder={t('fields.select')}
                  data={INDUSTRIES.map((key) => ({ value: key, label: t(`account:industries.${key}`) }))}
                  required
                  {...form.getInputProps('companyIndustry')}
                />
                <Select
                  label={t('fields.companyEmployees')}
                  placeholder={t('fields.select')}
                  data={EMPLOYEE_RANGES.map((key) => ({
                    value: key,
                    label: t('account:employees', { range: key }),
                  }))}
                  required
                  {...form.getInputProps('companyEmployees')}
                />
              </Group>
              <PlanPicker
                value={form.values.plan}
                onChange={(plan) => form.setFieldValue('plan', plan)}
                error={form.errors.plan as string | undefined}
              />
              <Group grow>
                <Button variant="default" size="md" onClick={() => goTo(0)}>
                  {t('register.back')}
                </Button>
                <Button type="submit" size="md" loading={submitting}>
                  {t('register.submit')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </form>
    </AuthFrame>
  );
}
