import { useCallback } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { TContact } from '@atende/shared';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { contactsApi, contactsKey } from './contacts-api';

const UNDO_MS = 8_000;

/** Deletes a contact (soft delete) and offers to undo it (restore) in the toast. */
export function useDeleteContact(acc: string) {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: contactsKey(acc) }),
    [queryClient, acc],
  );
  const failed = useCallback(
    (err: unknown) =>
      notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) }),
    [],
  );
  return useCallback(
    async (contact: TContact) => {
      try {
        await contactsApi.remove(acc, contact._id);
      } catch (err) {
        failed(err);
        return false;
      }
      void refresh();
      const id = notify({
        color: 'gray',
        autoClose: UNDO_MS,
        message: (t) => (
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text fz="sm">{t('contacts:deleted', { name: contact.name })}</Text>
            <Button
              size="compact-sm"
              variant="light"
              onClick={async () => {
                notifications.hide(id);
                try {
                  await contactsApi.restore(acc, contact._id);
                  notify({ color: 'green', message: (t) => t('contacts:restored', { name: contact.name }) });
                  void refresh();
                } catch (err) {
                  failed(err);
                }
              }}
            >
              {t('contacts:actions.undo')}
            </Button>
          </Group>
        ),
      });
      return true;
    },
    [acc, refresh, failed],
  );
}
