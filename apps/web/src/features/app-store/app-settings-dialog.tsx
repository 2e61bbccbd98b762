import { useEffect } from 'react';
import { Modal, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TAppCatalogueItem, TAppInstall } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useFormSave } from '../../app/forms';
import { FormFailure, ModalActions } from '../../ui/form-modal';
import { useKeptWhileClosing } from '../../ui/use-kept-while-closing';

type TValues = Record<string, string | boolean>;

/** The values a form starts with: stored non-secret settings, defaults, and empty secrets (write-only). */
export function initialSettings(app: TAppCatalogueItem, install: TAppInstall | null): TValues {
  const values: TValues = {};
  for (const field of app.fields) {
    const stored = install?.settings[field.key];
    if (field.kind === 'secret') values[field.key] = '';
    else if (stored !== undefined) values[field.key] = stored;
    else values[field.key] = field.default ?? (field.kind === 'switch' ? false : '');
  }
  return values;
}

/** The settings fields of an app, drawn from its manifest; secret ones never show a stored value. */
export function AppSettingsFields({
  app,
  install,
  form,
}: {
  app: TAppCatalogueItem;
  install: TAppInstall | null;
  form: ReturnType<typeof useForm<{ settings: TValues }>>;
}) {
  const { t } = useTranslation('app-store');
  return (
    <>
      {app.fields.map((field) => {
        const label = t(`apps.${app.key}.fields.${field.key}`);
        const props = form.getInputProps(
          `settings.${field.key}`,
          field.kind === 'switch' ? { type: 'checkbox' } : {},
        );
        if (field.kind === 'switch') return <Switch key={field.key} label={label} {...props} />;
        if (field.kind === 'secret') {
          const stored = install?.secretsSet.includes(field.key);
          return (
            <PasswordInput
              key={field.key}
              label={label}
              withAsterisk={field.required && !stored}
              autoComplete="new-password"
              description={stored ? t('secretKept') : t('secretWriteOnly')}
              {...props}
            />
          );
        }
        return <TextInput key={field.key} label={label} withAsterisk={field.required} {...props} />;
      })}
    </>
  );
}

/** Install an app or change its settings. */
export function AppSettingsDialog({
  app: openingApp,
  install: openingInstall,
  opened,
  onClose,
  onSave,
}: {
  app: TAppCatalogueItem | null;
  install: TAppInstall | null;
  opened: boolean;
  onClose: () => void;
  onSave: (settings: TValues) => Promise<unknown>;
}) {
  const { t } = useTranslation('app-store');
  // Closing clears the app: its title, fields and button stay while the dialog fades out.
  const { app, install } = useKeptWhileClosing({ app: openingApp, install: openingInstall }, opened);
  const form = useForm<{ settings: TValues }>({ initialValues: { settings: {} } });
  const { saving, failure, setFailure, save } = useFormSave(form, t);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the dialog opens
  useEffect(() => {
    if (!opened || !app) return;
    form.setValues({ settings: initialSettings(app, install) });
    form.clearErrors();
    setFailure(null);
  }, [opened, app, install]);

  if (!app) return null;
  const name = t(`apps.${app.key}.name`);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={install ? t('configureTitle', { name }) : t('installTitle', { name })}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <form onSubmit={form.onSubmit((values) => save(() => onSave(values.settings)))} noValidate>
        <Stack gap="sm">
          <FormFailure failure={failure} />
          <Text fz="sm" c="dimmed">
            {t(`apps.${app.key}.description`)}
          </Text>
          {app.fields.length === 0 && <Text fz="sm">{t('noSettings')}</Text>}
          <AppSettingsFields app={app} install={install} form={form} />
          <ModalActions
            onCancel={onClose}
            saving={saving}
            submit={install ? t('common:save') : t('install')}
            mt="xs"
          />
        </Stack>
      </form>
    </Modal>
  );
}
