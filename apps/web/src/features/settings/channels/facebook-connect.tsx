import { useState } from 'react';
import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { IconBrandFacebook } from '@tabler/icons-react';
import type { TChannel, TFacebookSignupBody, TFacebookSignupConfig } from '@atende/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../../app/api-client';
import { errorText } from '../../../app/i18n';
import { listenSignupSession, loadFacebookSdk, type TSignupSession } from './facebook-sdk';

/** GET p/chat/channels/facebook/config: whether the installation offers embedded signup. */
export function useFacebookSignupConfig(acc: string) {
  return useQuery({
    queryKey: ['acc', acc, 'facebook-signup'],
    queryFn: () => api.get<TFacebookSignupConfig>('/p/chat/channels/facebook/config', { acc }),
    staleTime: 10 * 60_000,
  });
}

const connectWithFacebook = (acc: string, body: TFacebookSignupBody) =>
  api.post<TChannel>('/p/chat/channels/facebook', body, { query: { acc } });

/**
 * "Connect with Facebook" (issue 13): Meta's embedded signup in a popup, then the server turns its
 * code into the channel. Shown only when the installation has a Meta app; entering the ids and
 * secrets by hand stays below it.
 */
export function FacebookConnect({
  acc,
  name,
  onConnected,
}: {
  acc: string;
  name: string;
  onConnected: (channel: TChannel) => void;
}) {
  const { t } = useTranslation('settings');
  const config = useFacebookSignupConfig(acc);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const settings = config.data;
  if (!settings?.enabled || !settings.appId) return null;

  const start = async () => {
    setError(null);
    setBusy(true);
    const session: TSignupSession = {};
    const stop = listenSignupSession(session);
    try {
      const fb = await loadFacebookSdk(settings.appId!, settings.graphVersion);
      const code = await new Promise<string | null>((resolve) =>
        fb.login((response) => resolve(response.authResponse?.code ?? null), {
          ...(settings.configId ? { config_id: settings.configId } : {}),
          response_type: 'code',
          override_default_response_type: true,
          extras: { setup: {}, sessionInfoVersion: '3' },
        }),
      );
      // No code: the popup was closed or a permission was left out.
      if (!code) {
        setError(t('errors:FACEBOOK_PERMISSIONS_MISSING'));
        return;
      }
      const channel = await connectWithFacebook(acc, {
        name: name.trim() || t('channels.facebook.defaultName'),
        code,
        ...(session.wabaId ? { wabaId: session.wabaId } : {}),
        ...(session.phoneNumberId ? { phoneNumberId: session.phoneNumberId } : {}),
      });
      onConnected(channel);
    } catch (failure) {
      setError(failure instanceof ApiError ? errorText(t, failure) : t('channels.facebook.sdkFailed'));
    } finally {
      stop();
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="facebook-connect">
      <Text fz="sm" c="dimmed">
        {t('channels.facebook.help')}
      </Text>
      <Button
        leftSection={<IconBrandFacebook size={18} />}
        color="blue"
        variant="filled"
        onClick={start}
        loading={busy}
      >
        {t('channels.facebook.button')}
      </Button>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      <Divider label={t('channels.facebook.manual')} labelPosition="center" my="xs" />
    </Stack>
  );
}
