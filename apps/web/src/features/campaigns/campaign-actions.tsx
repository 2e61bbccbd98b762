import { useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconCopy, IconDots, IconPlayerPause, IconPlayerPlay, IconSend, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TCampaign } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { useAccLink } from '../../app/shell/use-acc-link';
import { ConfirmModal } from '../../ui/confirm-modal';
import { campaignAction, campaignsKey } from './campaigns-api';

/**
 * Pause, resume, cancel (confirmed) and duplicate, as the campaign's status allows; and, when
 * some sends are unconfirmed, sending them again (confirmed: some may get the message twice).
 */
export function CampaignActions({ acc, campaign }: { acc: string; campaign: TCampaign }) {
  const { t } = useTranslation('campaigns');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const link = useAccLink();
  const [confirm, setConfirm] = useState(false);
  const [confirmResend, setConfirmResend] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: campaignsKey(acc) });
  const run = async (action: 'pause' | 'resume' | 'duplicate') => {
    try {
      const result = await campaignAction(acc, campaign._id, action);
      await refresh();
      if (action === 'duplicate') navigate(link(`/apps/campaigns/${result._id}`));
    } catch (error) {
      notify({ color: 'red', message: (t) => errorText(t, error) });
    }
  };
  const running = campaign.status === 'executing' || campaign.status === 'waiting';
  const cancelable = running || campaign.status === 'paused' || campaign.status === 'draft';
  const resendable =
    campaign.counts.unknown > 0 &&
    (campaign.status === 'executing' || campaign.status === 'paused' || campaign.status === 'finished');
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('columns.actions')}
            data-testid="campaign-actions"
          >
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {running && (
            <Menu.Item leftSection={<IconPlayerPause size={16} />} onClick={() => run('pause')}>
              {t('actions.pause')}
            </Menu.Item>
          )}
          {campaign.status === 'paused' && (
            <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={() => run('resume')}>
              {t('actions.resume')}
            </Menu.Item>
          )}
          {resendable && (
            <Menu.Item
              leftSection={<IconSend size={16} />}
              onClick={() => setConfirmResend(true)}
              data-testid="campaign-resend-unconfirmed"
            >
              {t('actions.resendUnconfirmed')}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => run('duplicate')}>
            {t('actions.duplicate')}
          </Menu.Item>
          {cancelable && (
            <Menu.Item color="red" leftSection={<IconX size={16} />} onClick={() => setConfirm(true)}>
              {t('actions.cancel')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <ConfirmModal
        opened={confirm}
        title={t('actions.cancel')}
        message={t('cancelConfirm')}
        confirm={t('actions.cancel')}
        onClose={() => setConfirm(false)}
        onConfirm={async () => {
          await campaignAction(acc, campaign._id, 'cancel');
          setConfirm(false);
          await refresh();
        }}
      />
      <ConfirmModal
        opened={confirmResend}
        title={t('actions.resendUnconfirmed')}
        message={t('resendConfirm', { count: campaign.counts.unknown })}
        confirm={t('actions.resendUnconfirmed')}
        onClose={() => setConfirmResend(false)}
        onConfirm={async () => {
          try {
            await campaignAction(acc, campaign._id, 'resend-unconfirmed');
          } catch (error) {
            notify({ color: 'red', message: (t) => errorText(t, error) });
          }
          setConfirmResend(false);
          await refresh();
        }}
      />
    </>
  );
}
