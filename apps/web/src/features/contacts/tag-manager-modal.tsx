import { useState } from 'react';
import {
  ActionIcon,
  Button,
  ColorInput,
  Divider,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TContactTag } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { contactsApi, contactsKey, tagsKey } from './contacts-api';

export const TAG_SWATCHES = [
  '#228be6',
  '#15aabf',
  '#40c057',
  '#fab005',
  '#fd7e14',
  '#fa5252',
  '#be4bdb',
  '#6c757d',
];
const HEX = /^#[0-9a-f]{6}$/i;

function useTagMutation<T>(acc: string, fn: (input: T) => Promise<unknown>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      notify({ color: 'green', message: (t) => t(`contacts:${done}`) });
      void queryClient.invalidateQueries({ queryKey: tagsKey(acc) });
      void queryClient.invalidateQueries({ queryKey: contactsKey(acc) });
    },
    onError: (err) =>
      notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) }),
  });
}

function TagRow({ acc, tag }: { acc: string; tag: TContactTag }) {
  const { t } = useTranslation('contacts');
  const [name, setName] = useState(tag.name);
  const [color, setColor] = useState(tag.color);
  const [confirming, setConfirming] = useState(false);
  const update = useTagMutation(
    acc,
    () => contactsApi.updateTag(acc, tag._id, { name, color }),
    'tags.saved',
  );
  const remove = useTagMutation(acc, () => contactsApi.removeTag(acc, tag._id), 'tags.deleted');
  const changed = (name.trim() !== tag.name || color !== tag.color) && name.trim() !== '' && HEX.test(color);
  return (
    <Group gap="xs" wrap="nowrap" data-testid="tag-row">
      <ColorInput
        aria-label={t('tags.colorOf', { name: tag.name })}
        value={color}
        onChange={setColor}
        swatches={TAG_SWATCHES}
        withEyeDropper={false}
        w={130}
      />
      <TextInput
        aria-label={t('tags.nameOf', { name: tag.name })}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={60}
        style={{ flex: 1 }}
      />
      <Tooltip label={t('tags.save')}>
        <ActionIcon
          variant="light"
          size="lg"
          disabled={!changed}
          loading={update.isPending}
          aria-label={t('tags.saveNamed', { name: tag.name })}
          onClick={() => update.mutate(undefined)}
        >
          <IconCheck size={16} />
        </ActionIcon>
      </Tooltip>
      {confirming ? (
        <Button
          size="compact-sm"
          color="red.8"
          loading={remove.isPending}
          onClick={() => remove.mutate(undefined)}
        >
          {t('tags.confirmDelete')}
        </Button>
      ) : (
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t('tags.deleteNamed', { name: tag.name })}
          onClick={() => setConfirming(true)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}

/** Admins: create, rename, recolour and delete the account's tags. */
export function TagManagerModal({
  opened,
  acc,
  tags,
  onClose,
}: {
  opened: boolean;
  acc: string;
  tags: TContactTag[];
  onClose: () => void;
}) {
  const { t } = useTranslation('contacts');
  const [name, setName] = useState('');
  const [color, setColor] = useState(TAG_SWATCHES[0]);
  const create = useTagMutation(
    acc,
    () => contactsApi.createTag(acc, { name: name.trim(), color }).then(() => setName('')),
    'tags.created',
  );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('tags.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Stack gap="sm">
        {tags.length === 0 && (
          <Text fz="sm" c="dimmed">
            {t('tags.empty')}
          </Text>
        )}
        {tags.map((tag) => (
          <TagRow key={`${tag._id}-${tag.name}-${tag.color}`} acc={acc} tag={tag} />
        ))}
        <Divider label={t('tags.new')} labelPosition="left" />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim() && HEX.test(color)) create.mutate(undefined);
          }}
        >
          <Group gap="xs" wrap="nowrap">
            <ColorInput
              aria-label={t('tags.newColor')}
              value={color}
              onChange={setColor}
              swatches={TAG_SWATCHES}
              withEyeDropper={false}
              w={130}
            />
            <TextInput
              aria-label={t('tags.newName')}
              placeholder={t('tags.newName')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={60}
              style={{ flex: 1 }}
            />
            <Button
              type="submit"
              leftSection={<IconPlus size={16} />}
              loading={create.isPending}
              disabled={!name.trim()}
            >
              {t('tags.add')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Modal>
  );
}
