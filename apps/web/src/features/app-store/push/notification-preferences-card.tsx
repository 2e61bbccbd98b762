import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { PUSH_EVENTS, type TPushPreferences } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/i18n';
import { notify } from '../../../app/notify';
import { useAcc } from '../../../app/session';
import { pushConfigKey, savePushPreferences, usePushConfig } from '../app-store-api';
import { enableBrowserPush, pushSupported, type TBrowserPushState } from './push-registration';

/** Profile → Notifications: this member's push preferences (push, sound, which events) and this browser's permission. */
export function NotificationPreferencesCard() {
  const { t } = useTranslation('app-store');
  const acc = useAcc();
  const queryClient = useQueryClient();
  const config = usePushConfig(acc);
  const [prefs, setPrefs] = useState<TPushPreferences | null>(null);
  const [saving, setSaving] = useState(false);
  const [browser, setBrowser] = useState<TBrowserPushState | null>(null);

  useEffect(() => {
    if (config.data) setPrefs(config.data.preferences);
  }, [config.data]);

  useEffect(() => {
    if (!pushSupported()) setBrowser('unsupported');
    else if (Notification.permission === 'denied') setBrowser('denied');
  }, []);

  if (!config.data || !prefs) return null;
  const enabled = config.data.enabled;

  const save = async () => {
    setSaving(true);
    try {
      await savePushPreferences(acc, prefs);
      await queryClient.invalidateQueries({ queryKey: pushConfigKey(acc) });
      notify({ color: 'green', message: (t) => t('app-store:notifications.saved') });
    } catch (err) {
      notify({ color: 'red', message: (t) => errorText(t, err) });
    } finally {
      setSaving(false);
    }
  };

  const allow = async () => {
    try {
      setBrowser(await enableBrowserPush(acc, true));
    } catch (err) {
      notify({ color: 'red', message: (t) => errorText(t, err) });
    }
  };

  return (
    <Card withBorder padding="lg" data-testid="notification-preferences">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBell size={20} aria-hidden />
          <Title order={2} fz="lg">
            {t('notifications.title')}
          </Title>
        </Group>
        <Text fz="sm" c="dimmed">
          {t('notifications.subtitle')}
        </Text>
        {!enabled && <Alert color="gray">{t('notifications.appOff')}</Alert>}
        <Switch
          label={t('notifications.push')}
          checked={prefs.push}
          onChange={(e) => setPrefs({ ...prefs, push: e.currentTarget.checked })}
        />
        <Switch
          label={t('notifications.sound')}
          checked={prefs.sound}
          disabled={!prefs.push}
          onChange={(e) => setPrefs({ ...prefs, sound: e.currentTarget.checked })}
        />
        <Checkbox.Group
          label={t('notifications.eventsLabel')}
          value={prefs.events}
          onChange={(events) => setPrefs({ ...prefs, events: events as TPushPreferences['events'] })}
        >
          <Stack gap={6} mt={6}>
            {PUSH_EVENTS.map((event) => (
              <Checkbox
                key={event}
                value={event}
                label={t(`notifications.events.${event}`)}
                disabled={!prefs.push}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        {browser === 'unsupported' && (
          <Text fz="sm" c="dimmed">
            {t('notifications.unsupported')}
          </Text>
        )}
        {browser === 'denied' && (
          <Text fz="sm" c="red.8">
            {t('notifications.browserBlocked')}
          </Text>
        )}
        {browser === 'enabled' && (
          <Text fz="sm" c="green.8">
            {t('notifications.browserEnabled')}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          {enabled &&
            prefs.push &&
            browser !== 'unsupported' &&
            browser !== 'denied' &&
            browser !== 'enabled' && (
              <Button variant="default" onClick={() => void allow()}>
                {t('notifications.enableBrowser')}
              </Button>
            )}
          <Button loading={saving} onClick={() => void save()}>
            {t('common:save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
