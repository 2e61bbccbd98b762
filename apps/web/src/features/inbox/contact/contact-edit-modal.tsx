import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { type TContact, type TConversation, ZContactData } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api-client';
import { nationalPhone, withDefaultCountry } from '../../../app/format';
import { useFormSave, zodValidator } from '../../../app/forms';
import { notify } from '../../../app/notify';
import { FormModal, useFormOnOpen } from '../../../ui/form-modal';
import { contactKey, contactsApi } from '../../contacts/contacts-api';
import { ContactIdentityFields } from '../../contacts/contact-identity-fields';
import { conversationKey, historyKey, listsKey } from '../data/inbox-api';
import { applyConversationToCaches } from '../data/inbox-realtime';
import { useInbox } from '../inbox-context';

type TValues = { name: string; phone: string; email: string };

const ZPanelContact = ZContactData.pick({ name: true, phone: true, email: true });

/** What the panel sends: phones without their own +country get +55 (spec §5); blanks are none. */
function dataOf(values: TValues) {
  return {
    name: values.name.trim(),
    phone: withDefaultCountry(values.phone) || null,
    email: values.email.trim() || null,
  };
}

/**
 * The contact panel's own edit (name, phone, e-mail) without leaving the conversation: the panel's
 * access ('panel' calls), so operators kept off the contacts page still keep their contact right.
 * Saved, the conversation's header, its row and the panel read the new details at once.
 */
export function ContactEditModal({
  opened,
  conversation: c,
  contact,
  onClose,
}: {
  opened: boolean;
  conversation: TConversation;
  contact: TContact;
  onClose: () => void;
}) {
  const { t } = useTranslation('inbox');
  const env = useInbox();
  const queryClient = useQueryClient();
  const form = useForm<TValues>({
    initialValues: { name: '', phone: '', email: '' },
    validate: zodValidator<TValues>(ZPanelContact, t, dataOf),
  });
  const { saving, failure, setFailure, save } = useFormSave(form, t, {
    // The server names the fields 'data.phone', …: the form's are 'phone', …
    foldErrors: (errors) =>
      Object.fromEntries(Object.entries(errors).map(([path, text]) => [path.replace(/^data\./, ''), text])),
  });
  useFormOnOpen(
    opened,
    contact._id,
    form,
    () => ({ name: contact.name, phone: nationalPhone(contact.phone), email: contact.email ?? '' }),
    setFailure,
  );

  const submit = (values: TValues) =>
    save(async () => {
      try {
        const saved = await contactsApi.update(env.acc, contact._id, dataOf(values));
        queryClient.setQueryData(contactKey(env.acc, contact._id), saved);
        const open = queryClient.getQueryData<TConversation>(conversationKey(env.acc, c._id)) ?? c;
        const details = { name: saved.name, phone: saved.phone, email: saved.email };
        applyConversationToCaches(queryClient, env, { ...open, contact: { ...open.contact, ...details } });
        // The contact's other conversations (rows, the panel's history) read the new details too.
        void queryClient.invalidateQueries({ queryKey: listsKey(env.acc) });
        void queryClient.invalidateQueries({ queryKey: historyKey(env.acc, contact._id) });
        notify({ color: 'green', message: (tr) => tr('inbox:contact.saved') });
        onClose();
      } catch (err) {
        // Another contact has this phone: said under the phone, with who holds it.
        if (!(err instanceof ApiError) || err.code !== 'CONTACT_PHONE_EXISTS') throw err;
        form.setFieldError(
          'phone',
          t('errors:CONTACT_PHONE_EXISTS', { name: String(err.details?.name ?? '') }),
        );
      }
    });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('contact.editTitle')}
      onSubmit={form.onSubmit(submit)}
      failure={failure}
      saving={saving}
      submit={t('common:save')}
    >
      <ContactIdentityFields form={form} />
    </FormModal>
  );
}
