import { useEffect, useState } from 'react';
import { Anchor, Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockOff, IconHourglassOff, IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { validationText } from '../../app/i18n';
import { useAcc } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { CardSkeleton } from '../../ui/card-skeleton';
import { SaveBar } from '../../ui/save-bar';
import { LoadError } from '../../ui/load-error';
import { AutoMessagesSection } from '../automations/auto-messages-section';
import { OutOfHoursFields } from './hours-tab';
import { SettingsLayout } from './settings-layout';
import { useInboxSettings } from './settings-api';
import { useSettingsSaver } from './use-settings-saver';
import { BADGE_TEXT } from './badge-text';

/** The other automatic messages and where each is set. */
function OtherMessages() {
  const { t } = useTranslation('settings');
  const link = useAccLink();
  const items = [
    { key: 'greeting', icon: IconMessageCircle, to: '/settings?tab=channels' },
    { key: 'inactivity', icon: IconHourglassOff, to: '/settings?tab=inbox' },
  ] as const;
  return (
    <Card padding="lg">
      <Title order={2} fz="lg" mb="md">
        {t('autoMessages.othersTitle')}
      </Title>
      <Stack gap="md">
        {items.map(({ key, icon: Icon, to }) => (
          <Group key={key} align="flex-start" wrap="nowrap" gap="md">
            <ThemeIcon variant="light" color="gray" radius="xl" size={34}>
              <Icon size={18} />
            </ThemeIcon>
            <div>
              <Text fw={600} fz="sm">
                {t(`autoMessages.${key}.title`)}
              </Text>
              <Text fz="sm" c="dimmed">
                {t(`autoMessages.${key}.description`)}{' '}
                <Anchor underline="always" component={Link} to={link(to)} fz="sm">
                  {t(`autoMessages.${key}.link`)}
                </Anchor>
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** /settings/autoMessages: the out-of-hours message (sent by the inbox) and where the other automatic messages live. */
export function AutoMessagesPage() {
  const { t } = useTranslation('settings');
  const acc = useAcc();
  const link = useAccLink();
  const settings = useInboxSettings(acc);
  const saver = useSettingsSaver(acc);
  const [form, setForm] = useState<{ outOfHoursMessageEnabled: boolean; outOfHoursMessage: string } | null>(
    null,
  );
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (settings.data && !form)
      setForm({
        outOfHoursMessageEnabled: settings.data.outOfHoursMessageEnabled,
        outOfHoursMessage: settings.data.outOfHoursMessage,
      });
  }, [settings.data, form]);

  const submit = () => {
    if (!form) return;
    const empty = form.outOfHoursMessageEnabled && !form.outOfHoursMessage.trim();
    setError(empty ? validationText(t, 'messageEmpty') : undefined);
    if (empty) return;
    saver.send(form, (errors) => setError(errors.outOfHoursMessage));
  };

  return (
    <SettingsLayout active="autoMessages">
      <Stack gap="lg">
        <Text c="dimmed" fz="sm" maw={720}>
          {t('autoMessages.intro')}
        </Text>
        {settings.isError ? (
          <LoadError error={settings.error} />
        ) : !form || !settings.data ? (
          <CardSkeleton rows={3} />
        ) : (
          <Card padding="lg" data-testid="out-of-hours-card">
            <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
              <Group gap="md" align="flex-start" wrap="nowrap">
                <ThemeIcon variant="light" radius="xl" size={34}>
                  <IconClockOff size={18} />
                </ThemeIcon>
                <div>
                  <Title order={2} fz="lg">
                    {t('outOfHours.title')}
                  </Title>
                  <Text c="dimmed" fz="sm">
                    {t('outOfHours.description')}
                  </Text>
                </div>
              </Group>
              <Badge
                variant="light"
                color={settings.data.hoursEnabled ? 'green' : 'gray'}
                c={settings.data.hoursEnabled ? BADGE_TEXT.green : undefined}
                miw="max-content"
              >
                {settings.data.hoursEnabled ? t('autoMessages.hoursOn') : t('autoMessages.hoursOff')}
              </Badge>
            </Group>
            {!settings.data.hoursEnabled && (
              <Text fz="sm" mb="sm">
                {t('autoMessages.hoursOffHelp')}{' '}
                <Anchor underline="always" component={Link} to={link('/settings?tab=hours')} fz="sm">
                  {t('autoMessages.setHours')}
                </Anchor>
              </Text>
            )}
            <OutOfHoursFields
              enabled={form.outOfHoursMessageEnabled}
              message={form.outOfHoursMessage}
              error={error}
              onChange={(next) => setForm({ ...form, ...next })}
            />
            <SaveBar onSave={submit} saving={saver.saving} mt="md" />
          </Card>
        )}
        {/* Automations (issue 17): greeting, queue, transfer, close and inactivity messages. */}
        <AutoMessagesSection />
        <OtherMessages />
      </Stack>
    </SettingsLayout>
  );
}
