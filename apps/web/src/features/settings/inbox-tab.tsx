import { useEffect, useState } from 'react';
import { Button, Card, Group, NumberInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { LIMITS, ZInboxSettings, type TInboxSettings } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../app/forms';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { CardSkeleton } from './card-skeleton';
import { issuesByPath } from './settings-errors';
import { useInboxSettings, useSaveSettings } from './settings-api';

type TInboxForm = Pick<
  TInboxSettings,
  'hideWaitingTab' | 'blockStartConversation' | 'restrictOutsideHours' | 'timeToSendAutomationAndCampaign'
> & {
  loadSize: number | string;
  downtimeEnabled: boolean;
  downtimeDays: number | string;
};

const ZInboxForm = ZInboxSettings.pick({
  loadSize: true,
  downtimeDays: true,
  hideWaitingTab: true,
  blockStartConversation: true,
  restrictOutsideHours: true,
  timeToSendAutomationAndCampaign: true,
});

const toBody = (f: TInboxForm) => ({
  loadSize: f.loadSize === '' ? Number.NaN : Number(f.loadSize),
  downtimeDays: f.downtimeEnabled ? (f.downtimeDays === '' ? Number.NaN : Number(f.downtimeDays)) : null,
  hideWaitingTab: f.hideWaitingTab,
  blockStartConversation: f.blockStartConversation,
  restrictOutsideHours: f.restrictOutsideHours,
  timeToSendAutomationAndCampaign: f.timeToSendAutomationAndCampaign,
});

/** Inbox rules: load size (20–1000), downtime closing (1–90 days), operator restrictions, send window. */
export function InboxTab({ acc }: { acc: string }) {
  const { t } = useTranslation('settings');
  const settings = useInboxSettings(acc);
  const save = useSaveSettings(acc);
  const [form, setForm] = useState<TInboxForm | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    const s = settings.data;
    if (s && !form)
      setForm({
        loadSize: s.loadSize,
        downtimeEnabled: s.downtimeDays !== null,
        downtimeDays: s.downtimeDays ?? 30,
        hideWaitingTab: s.hideWaitingTab,
        blockStartConversation: s.blockStartConversation,
        restrictOutsideHours: s.restrictOutsideHours,
        timeToSendAutomationAndCampaign: s.timeToSendAutomationAndCampaign,
      });
  }, [settings.data, form]);

  if (settings.isError)
    return (
      <Text c="red.8" role="alert">
        {errorText(t, settings.error)}
      </Text>
    );
  if (!form) return <CardSkeleton rows={6} />;

  const patch = (next: Partial<TInboxForm>) => setForm({ ...form, ...next });
  const sendWindow = form.timeToSendAutomationAndCampaign;
  const submit = () => {
    const body = toBody(form);
    const found = issuesByPath(ZInboxForm, body, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(body, {
      onSuccess: () => notify({ color: 'green', message: t('saved') }),
      onError: (err) => {
        setErrors(serverFieldErrors(t, err));
        notify({ color: 'red', title: t('common:error'), message: errorText(t, err) });
      },
    });
  };

  return (
    <Stack gap="lg">
      <Card padding="lg">
        <Title order={2} fz="lg" mb={4}>
          {t('inbox.loadTitle')}
        </Title>
        <Text c="dimmed" fz="sm" mb="md">
          {t('inbox.loadDescription')}
        </Text>
        <Group align="flex-start" gap="xl" wrap="wrap">
          <NumberInput
            w={320}
            label={t('inbox.loadSize')}
            description={t('inbox.loadSizeHelp', LIMITS.inboxLoadSize)}
            value={form.loadSize}
            onChange={(v) => patch({ loadSize: v })}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            error={errors.loadSize}
          />
          <Stack gap="xs" w={360}>
            <Switch
              checked={form.downtimeEnabled}
              onChange={(e) => patch({ downtimeEnabled: e.currentTarget.checked })}
              label={t('inbox.downtimeEnabled')}
            />
            <NumberInput
              label={t('inbox.downtimeDays')}
              description={t('inbox.downtimeHelp', LIMITS.downtimeClosingDays)}
              value={form.downtimeDays}
              disabled={!form.downtimeEnabled}
              onChange={(v) => patch({ downtimeDays: v })}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              error={errors.downtimeDays}
            />
          </Stack>
        </Group>
      </Card>
      <Card padding="lg">
        <Title order={2} fz="lg" mb={4}>
          {t('inbox.restrictionsTitle')}
        </Title>
        <Text c="dimmed" fz="sm" mb="md">
          {t('inbox.restrictionsDescription')}
        </Text>
        <Stack gap="md">
          {(['hideWaitingTab', 'blockStartConversation', 'restrictOutsideHours'] as const).map((key) => (
            <Switch
              key={key}
              checked={form[key]}
              onChange={(e) => patch({ [key]: e.currentTarget.checked })}
              label={t(`inbox.${key}`)}
              description={t(`inbox.${key}Help`)}
            />
          ))}
        </Stack>
      </Card>
      <Card padding="lg">
        <Title order={2} fz="lg" mb={4}>
          {t('inbox.sendWindowTitle')}
        </Title>
        <Text c="dimmed" fz="sm" mb="md">
          {t('inbox.sendWindowDescription')}
        </Text>
        <Switch
          mb="sm"
          checked={sendWindow !== null}
          onChange={(e) =>
            patch({
              timeToSendAutomationAndCampaign: e.currentTarget.checked
                ? { start: '08:00', end: '20:00' }
                : null,
            })
          }
          label={t('inbox.sendWindowEnabled')}
        />
        {sendWindow && (
          <Group gap="sm" align="flex-start">
            <TextInput
              type="time"
              w={140}
              label={t('inbox.sendWindowStart')}
              value={sendWindow.start}
              onChange={(e) =>
                patch({ timeToSendAutomationAndCampaign: { ...sendWindow, start: e.currentTarget.value } })
              }
            />
            <TextInput
              type="time"
              w={140}
              label={t('inbox.sendWindowEnd')}
              value={sendWindow.end}
              error={errors['timeToSendAutomationAndCampaign.end']}
              onChange={(e) =>
                patch({ timeToSendAutomationAndCampaign: { ...sendWindow, end: e.currentTarget.value } })
              }
            />
          </Group>
        )}
      </Card>
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending}>
          {t('common:save')}
        </Button>
      </Group>
    </Stack>
  );
}
