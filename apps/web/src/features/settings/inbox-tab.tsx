import { useEffect, useState } from 'react';
import { Group, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { LIMITS, ZInboxSettings, type TInboxSettings } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { CardSkeleton } from '../../ui/card-skeleton';
import { SaveBar } from '../../ui/save-bar';
import { LoadError } from '../../ui/load-error';
import { FormCard } from '../../ui/section-heading';
import { issuesByPath } from './settings-errors';
import { useInboxSettings } from './settings-api';
import { useSettingsSaver } from './use-settings-saver';
import { RestrictionsCard } from '../departments/restrictions-card';

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
  const saver = useSettingsSaver(acc);
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

  if (settings.isError) return <LoadError error={settings.error} />;
  if (!form) return <CardSkeleton rows={6} />;

  const patch = (next: Partial<TInboxForm>) => setForm({ ...form, ...next });
  const sendWindow = form.timeToSendAutomationAndCampaign;
  const submit = () => {
    const body = toBody(form);
    const found = issuesByPath(ZInboxForm, body, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    saver.send(body, setErrors);
  };

  return (
    <Stack gap="lg">
      <FormCard title={t('inbox.loadTitle')} description={t('inbox.loadDescription')}>
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
      </FormCard>
      <FormCard title={t('inbox.restrictionsTitle')} description={t('inbox.restrictionsDescription')}>
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
      </FormCard>
      <RestrictionsCard acc={acc} />
      <FormCard title={t('inbox.sendWindowTitle')} description={t('inbox.sendWindowDescription')}>
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
      </FormCard>
      <SaveBar onSave={submit} saving={saver.saving} />
    </Stack>
  );
}
