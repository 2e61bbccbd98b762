import { useEffect, useState } from 'react';
import { Alert, Button, Drawer, Group, MultiSelect, Select, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconExternalLink, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZContactData, type TContact, type TContactPhase, type TContactTag } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../app/api-client';
import { zodValidator } from '../../app/forms';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { formatDate } from '../../app/format';
import { ContactDuplicates } from './contact-duplicates';
import { ContactIdentityFields } from './contact-identity-fields';
import {
  contactData,
  contactServerErrors,
  contactValues,
  emptyContactValues,
  type TContactFormValues,
} from './contact-form';
import { phaseLabel } from './contact-format';
import { contactsApi, contactsKey } from './contacts-api';
import { CustomFieldsEditor } from './custom-fields-editor';
import { useKeptWhileClosing } from '../../ui/use-kept-while-closing';

/** Field errors of the shared schema on the form's own fields (custom fields share one message). */
function validator(t: Parameters<typeof zodValidator>[1]) {
  const check = zodValidator<TContactFormValues>(ZContactData, t, contactData);
  return (values: TContactFormValues) => {
    const errors: Record<string, string> = {};
    for (const [path, message] of Object.entries(check(values)))
      errors[path.startsWith('customFields') ? 'customFields' : path] ??= message;
    return errors;
  };
}

/** The contact holding the phone of a CONTACT_PHONE_EXISTS refusal (its details), else null. */
function phoneOwnerOf(err: unknown): { id: string; name: string } | null {
  if (!(err instanceof ApiError) || err.code !== 'CONTACT_PHONE_EXISTS') return null;
  const id = err.details?.contactId;
  const name = err.details?.name;
  return typeof id === 'string' ? { id, name: typeof name === 'string' ? name : '' } : null;
}

/**
 * Create or edit a contact: name, phone (+55 by default), e-mail, phase, tags, blocked/opt-out and
 * custom fields; server validation errors appear under their fields. Editing also shows possible
 * duplicates with a merge action.
 */
export function ContactDrawer({
  opened,
  acc,
  contact: opening,
  phases,
  tags,
  onClose,
  onDelete,
  onOpenContact,
}: {
  opened: boolean;
  acc: string;
  /** null: a new contact. */
  contact: TContact | null;
  phases: TContactPhase[];
  tags: TContactTag[];
  onClose: () => void;
  onDelete: (contact: TContact) => void;
  onOpenContact: (contact: TContact) => void;
}) {
  const { t, i18n } = useTranslation('contacts');
  // Closing clears the contact: the drawer stays the edit's (title, details, buttons) as it slides out.
  const contact = useKeptWhileClosing(opening, opened);
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  // CONTACT_PHONE_EXISTS: the contact that holds the phone (the identity rule), offered as a link.
  const [owner, setOwner] = useState<{ id: string; name: string } | null>(null);
  const form = useForm<TContactFormValues>({
    initialValues: emptyContactValues(null),
    validate: validator(t),
  });
  const defaultPhase = phases[0]?._id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when a (changed) contact is opened
  useEffect(() => {
    if (!opened) return;
    form.setValues(contact ? contactValues(contact) : emptyContactValues(defaultPhase));
    form.resetDirty();
    form.clearErrors();
    setError(null);
    setOwner(null);
  }, [opened, contact?._id, contact?.updatedAt]);
  // A new contact starts in the first phase, also when the phases arrive after the drawer opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the phases arrive
  useEffect(() => {
    if (opened && !contact && defaultPhase && !form.isDirty('phase') && form.values.phase === null)
      form.setFieldValue('phase', defaultPhase);
  }, [defaultPhase]);

  const save = useMutation({
    mutationFn: (values: TContactFormValues) =>
      contact
        ? contactsApi.update(acc, contact._id, contactData(values))
        : contactsApi.create(acc, contactData(values)),
    onSuccess: (saved) => {
      notify({
        color: 'green',
        message: (t) => t(contact ? 'contacts:saved' : 'contacts:created', { name: saved.name }),
      });
      void queryClient.invalidateQueries({ queryKey: contactsKey(acc) });
      onClose();
    },
    onError: (err) => {
      const held = phoneOwnerOf(err);
      if (held) {
        const text = t('errors:CONTACT_PHONE_EXISTS', { name: held.name });
        form.setErrors({ phone: text });
        setOwner(held);
        setError(text);
        return;
      }
      const fields = contactServerErrors(t, err);
      form.setErrors(fields);
      const general = !(
        err instanceof ApiError &&
        err.code === 'VALIDATION_FAILED' &&
        Object.keys(fields).length
      );
      setError(general ? errorText(t, err) : t('validation:formErrors'));
    },
  });

  const openOwner = useMutation({
    mutationFn: (id: string) => api.get<TContact>(`/p/chat/contact/${id}`, { acc }),
    onSuccess: (found) => onOpenContact(found),
    onError: (err) => setError(errorText(t, err)),
  });

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={contact ? t('drawer.editTitle') : t('drawer.newTitle')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      data-testid="contact-drawer"
    >
      <form
        noValidate
        onSubmit={form.onSubmit(
          (values) => {
            setError(null);
            save.mutate(values);
          },
          () => setError(t('validation:formErrors')),
        )}
      >
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert" data-testid="contact-drawer-error">
              <Stack gap={6} align="flex-start">
                <span>{error}</span>
                {owner && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    px={0}
                    leftSection={<IconExternalLink size={14} aria-hidden />}
                    loading={openOwner.isPending}
                    onClick={() => openOwner.mutate(owner.id)}
                  >
                    {t('drawer.openOwner', { name: owner.name })}
                  </Button>
                )}
              </Stack>
            </Alert>
          )}
          <ContactIdentityFields form={form} />
          <Select
            label={t('fields.phase')}
            placeholder={t('filters.noPhase')}
            data={phases.map((p) => ({ value: p._id, label: phaseLabel(t, p) }))}
            clearable
            {...form.getInputProps('phase')}
          />
          <MultiSelect
            label={t('fields.tags')}
            data={tags.map((tag) => ({ value: tag._id, label: tag.name }))}
            searchable
            nothingFoundMessage={t('common:nothingFound')}
            {...form.getInputProps('tags')}
          />
          <Group gap="xl">
            <Switch label={t('fields.blocked')} {...form.getInputProps('blocked', { type: 'checkbox' })} />
            <Switch label={t('fields.optOut')} {...form.getInputProps('optOut', { type: 'checkbox' })} />
          </Group>
          <CustomFieldsEditor form={form} />
          {contact && (
            <Text fz="xs" c="dimmed">
              {t('drawer.meta', {
                type: t(`types.${contact.type}`),
                date: formatDate(contact.createdAt, i18n.language, true),
              })}
            </Text>
          )}
          {contact && <ContactDuplicates acc={acc} contact={contact} onMerged={onOpenContact} />}
          <Group justify="space-between" mt="sm">
            {contact ? (
              <Button
                variant="subtle"
                color="red"
                c="red.8"
                leftSection={<IconTrash size={16} />}
                onClick={() => onDelete(contact)}
              >
                {t('actions.delete')}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t(contact ? 'common:save' : 'actions.create')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
