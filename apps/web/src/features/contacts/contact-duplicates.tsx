import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconArrowMerge, IconCopy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TContact } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { formatDate } from '../../app/format';
import { formatPhone } from '../../app/format';
import { useKeptWhileClosing } from '../../ui/use-kept-while-closing';
import { contactsApi, contactsKey, useDuplicates } from './contacts-api';

const describe = (c: TContact) => [formatPhone(c.phone), c.email].filter(Boolean).join(' · ');

/**
 * Possible duplicates of a contact (same phone or e-mail) and the merge: the user picks the contact
 * that stays, the others are folded into it.
 */
export function ContactDuplicates({
  acc,
  contact,
  onMerged,
}: {
  acc: string;
  contact: TContact;
  onMerged: (kept: TContact) => void;
}) {
  const { t, i18n } = useTranslation('contacts');
  const queryClient = useQueryClient();
  const duplicates = useDuplicates(acc, contact._id);
  const [merging, setMerging] = useState(false);
  const [keep, setKeep] = useState(contact._id);
  const items = duplicates.data ?? [];
  const all = [contact, ...items];
  const merge = useMutation({
    mutationFn: () =>
      contactsApi.merge(
        acc,
        keep,
        all.map((c) => c._id).filter((id) => id !== keep),
      ),
    onSuccess: (kept) => {
      notify({ color: 'green', message: (t) => t('contacts:duplicates.merged', { name: kept.name }) });
      setMerging(false);
      void queryClient.invalidateQueries({ queryKey: contactsKey(acc) });
      onMerged(kept);
    },
    onError: (err) =>
      notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) }),
  });
  const kept = all.find((c) => c._id === keep) ?? contact;
  // A merge opens the kept contact (whose duplicates are none): the dialog keeps its list and text
  // while it fades out.
  const shown = useKeptWhileClosing({ all, kept }, merging);
  return (
    <>
      {items.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconCopy size={18} />}
          title={t('duplicates.title', { count: items.length })}
          data-testid="contact-duplicates"
        >
          <Stack gap={6}>
            {items.map((d) => (
              <Text key={d._id} fz="sm">
                <Text span fw={600} fz="sm">
                  {d.name}
                </Text>{' '}
                {describe(d)}
              </Text>
            ))}
            <Button
              size="compact-sm"
              variant="white"
              color="dark"
              leftSection={<IconArrowMerge size={14} />}
              w="fit-content"
              onClick={() => {
                setKeep(contact._id);
                setMerging(true);
              }}
            >
              {t('duplicates.merge')}
            </Button>
          </Stack>
        </Alert>
      )}
      <Modal
        opened={merging}
        onClose={() => setMerging(false)}
        title={t('duplicates.mergeTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        <Stack>
          <Radio.Group label={t('duplicates.keep')} value={keep} onChange={setKeep}>
            <Stack gap="xs" mt="xs">
              {shown.all.map((c) => (
                <Radio
                  key={c._id}
                  value={c._id}
                  label={c.name}
                  description={[describe(c), formatDate(c.createdAt, i18n.language)]
                    .filter(Boolean)
                    .join(' · ')}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Text fz="sm">
            {t('duplicates.confirm', { count: shown.all.length - 1, name: shown.kept.name })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setMerging(false)}>
              {t('common:cancel')}
            </Button>
            <Button loading={merge.isPending} onClick={() => merge.mutate()}>
              {t('duplicates.mergeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
