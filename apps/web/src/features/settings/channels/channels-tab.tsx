import { useState } from 'react';
import { Button, Menu, Modal, Stack } from '@mantine/core';
import { IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TChannel, TChannelKind } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/i18n';
import { notify } from '../../../app/notify';
import { CardSkeleton } from '../../../ui/card-skeleton';
import { ConfirmDelete } from '../../../ui/confirm-modal';
import { LoadError } from '../../../ui/load-error';
import { SectionHeading } from '../../../ui/section-heading';
import { useKeptWhileClosing } from '../../../ui/use-kept-while-closing';
import { channelsKey, deleteChannel, useChannels, useUpdateChannel } from '../settings-api';
import { KIND_ICON, KINDS, statusBody } from './channel-kinds';
import { ChannelsTable, ConnectCards } from './channels-list';
import { ChannelModal, type TChannelModalState } from './channel-modal';
import { ChannelSetup } from './channel-setup';

/** Channels of the account: web chat, WhatsApp Cloud and SMS — connect, edit, disable, delete. */
export function ChannelsTab({ acc }: { acc: string }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const channels = useChannels(acc);
  const [modal, setModal] = useState<TChannelModalState>(null);
  const [setup, setSetup] = useState<TChannel | null>(null);
  const shownSetup = useKeptWhileClosing(setup);
  const [deleting, setDeleting] = useState<TChannel | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: channelsKey(acc) });
  const connect = (kind: TChannelKind) => setModal({ kind, channel: null });

  const status = useUpdateChannel(acc, {
    onSuccess: (channel, { body }) =>
      notify({
        color: 'green',
        message: (t) =>
          t(body.status === 'active' ? 'settings:channels.enabled' : 'settings:channels.disabled', {
            name: channel.name,
          }),
      }),
    onError: (err) =>
      notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) }),
  });
  const toggle = (channel: TChannel) =>
    status.mutate({
      id: channel._id,
      body: statusBody(channel, channel.status === 'active' ? 'disabled' : 'active'),
    });

  const connectMenu = (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button leftSection={<IconPlus size={16} />} rightSection={<IconChevronDown size={14} />}>
          {t('channels.connectButton')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {KINDS.map((kind) => {
          const Icon = KIND_ICON[kind];
          return (
            <Menu.Item key={kind} leftSection={<Icon size={16} />} onClick={() => connect(kind)}>
              {t(`channels.kinds.${kind}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <Stack gap="lg">
      <SectionHeading
        title={t('channels.title')}
        description={t('channels.description')}
        align="flex-end"
        maw={640}
        actions={channels.data && channels.data.length > 0 && connectMenu}
      />
      {channels.isPending ? (
        <CardSkeleton rows={3} />
      ) : channels.isError ? (
        <LoadError error={channels.error} />
      ) : channels.data.length === 0 ? (
        <ConnectCards onPick={connect} />
      ) : (
        <ChannelsTable
          channels={channels.data}
          onSetup={setSetup}
          onEdit={(channel) => setModal({ kind: channel.kind, channel })}
          onToggle={toggle}
          onDelete={setDeleting}
        />
      )}
      <ChannelModal acc={acc} state={modal} onClose={() => setModal(null)} onSaved={() => void refresh()} />
      <Modal
        opened={setup !== null}
        onClose={() => setSetup(null)}
        size="lg"
        centered
        title={t('channels.setupTitle', { name: shownSetup?.name })}
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        {shownSetup && <ChannelSetup channel={shownSetup} />}
      </Modal>
      <ConfirmDelete
        item={deleting}
        title={t('channels.deleteTitle')}
        message={t('channels.deleteConfirm', { name: deleting?.name })}
        confirm={t('channels.delete')}
        onClose={() => setDeleting(null)}
        remove={async (channel) => {
          await deleteChannel(acc, channel._id);
          return (t) => t('settings:channels.deleted', { name: channel.name });
        }}
        onDeleted={refresh}
      />
    </Stack>
  );
}
