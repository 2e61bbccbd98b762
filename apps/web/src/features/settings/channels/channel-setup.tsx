import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import type { TChannel } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { CopyField, CopySnippet } from './copy-field';

/** The embed snippet of a web chat channel's widget. */
export function embedSnippet(widgetUrl: string): string {
  return `<script src="${widgetUrl}" async></script>`;
}

/**
 * What to do after connecting: web chat — the chat page link and the widget snippet; WhatsApp —
 * the webhook URL and verify token to paste in Meta; SMS — the webhook URL for the provider.
 * `verifyToken` is known only right after saving (secrets are never sent back).
 */
export function ChannelSetup({ channel, verifyToken }: { channel: TChannel; verifyToken?: string }) {
  const { t } = useTranslation('settings');
  if (channel.kind === 'webchat') {
    return (
      <Stack gap="md" data-testid="channel-setup">
        <Text fz="sm">{t('channels.setup.webchatIntro')}</Text>
        <CopyField label={t('channels.setup.chatUrl')} value={channel.chatUrl ?? ''} testId="chat-url" />
        <Anchor href={channel.chatUrl} target="_blank" rel="noopener" fz="sm">
          <IconExternalLink size={14} style={{ verticalAlign: -2 }} aria-hidden />{' '}
          {t('channels.setup.openChat')}
        </Anchor>
        <CopySnippet
          label={t('channels.setup.snippet')}
          value={embedSnippet(channel.widgetUrl ?? '')}
          testId="embed-snippet"
        />
        <Text fz="xs" c="dimmed">
          {t('channels.setup.snippetHelp')}
        </Text>
      </Stack>
    );
  }
  const whatsapp = channel.kind === 'whatsapp-cloud';
  return (
    <Stack gap="md" data-testid="channel-setup">
      <Text fz="sm">{whatsapp ? t('channels.setup.whatsappIntro') : t('channels.setup.smsIntro')}</Text>
      <CopyField
        label={t('channels.setup.webhookUrl')}
        value={channel.webhookUrl ?? ''}
        testId="webhook-url"
      />
      {whatsapp &&
        (verifyToken ? (
          <CopyField label={t('channels.setup.verifyToken')} value={verifyToken} testId="verify-token" />
        ) : (
          <Alert color="gray" icon={<IconInfoCircle size={18} />}>
            {t('channels.setup.verifyTokenHidden')}
          </Alert>
        ))}
      {whatsapp && (
        <List size="sm" type="ordered" spacing={4}>
          <List.Item>{t('channels.setup.whatsappStep1')}</List.Item>
          <List.Item>{t('channels.setup.whatsappStep2')}</List.Item>
          <List.Item>{t('channels.setup.whatsappStep3')}</List.Item>
        </List>
      )}
    </Stack>
  );
}
