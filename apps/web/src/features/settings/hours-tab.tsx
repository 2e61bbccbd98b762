import { useEffect, useState } from 'react';
import { Anchor, Card, Group, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { INBOX_SETTINGS_LIMITS, ZInboxSettings, type TWeekHours } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { validationText } from '../../app/i18n';
import { useSession } from '../../app/session';
import { zoneLabel } from '../../app/time-zones';
import { useAccLink } from '../../app/shell/use-acc-link';
import { CardSkeleton } from '../../ui/card-skeleton';
import { SaveBar } from '../../ui/save-bar';
import { LoadError } from '../../ui/load-error';
import { SectionHeading } from '../../ui/section-heading';
import { HoursEditor } from './hours-editor';
import { errorsUnder, issuesByPath } from './settings-errors';
import { useInboxSettings } from './settings-api';
import { useSettingsSaver } from './use-settings-saver';

const ZHoursForm = ZInboxSettings.pick({
  hoursEnabled: true,
  hours: true,
  outOfHoursMessageEnabled: true,
  outOfHoursMessage: true,
});

interface THoursForm {
  hoursEnabled: boolean;
  hours: TWeekHours;
  outOfHoursMessageEnabled: boolean;
  outOfHoursMessage: string;
}

/** Attendance hours per weekday in the account's time zone, and the out-of-hours message. */
export function HoursTab({ acc }: { acc: string }) {
  const { t, i18n } = useTranslation('settings');
  const link = useAccLink();
  const timezone = useSession().account?.acc.timezone ?? 'America/Sao_Paulo';
  const settings = useInboxSettings(acc);
  const saver = useSettingsSaver(acc);
  const [form, setForm] = useState<THoursForm | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (settings.data && !form) {
      const { hoursEnabled, hours, outOfHoursMessageEnabled, outOfHoursMessage } = settings.data;
      setForm({ hoursEnabled, hours, outOfHoursMessageEnabled, outOfHoursMessage });
    }
  }, [settings.data, form]);

  if (settings.isError) return <LoadError error={settings.error} />;
  if (!form) return <CardSkeleton rows={7} />;

  const patch = (next: Partial<THoursForm>) => setForm({ ...form, ...next });
  const submit = () => {
    const found = issuesByPath(ZHoursForm, form, t);
    if (form.outOfHoursMessageEnabled && !form.outOfHoursMessage.trim())
      found.outOfHoursMessage = validationText(t, 'messageEmpty');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    saver.send(form, setErrors);
  };

  return (
    <Stack gap="lg">
      <Card padding="lg">
        <SectionHeading
          title={t('hours.title')}
          description={t('hours.description')}
          mb="md"
          actions={
            <Group gap={6} data-testid="hours-timezone">
              <IconWorld size={16} aria-hidden />
              <Text fz="sm">{t('hours.timezone', { timezone: zoneLabel(timezone, i18n.language) })}</Text>
              <Anchor underline="always" component={Link} to={link('/acc')} fz="sm">
                {t('hours.changeTimezone')}
              </Anchor>
            </Group>
          }
        />
        <Switch
          mb="md"
          checked={form.hoursEnabled}
          onChange={(e) => patch({ hoursEnabled: e.currentTarget.checked })}
          label={t('hours.enabled')}
          description={form.hoursEnabled ? t('hours.enabledOn') : t('hours.enabledOff')}
        />
        <HoursEditor
          value={form.hours}
          onChange={(hours) => patch({ hours })}
          errors={errorsUnder(errors, 'hours')}
          disabled={!form.hoursEnabled}
        />
      </Card>
      <Card padding="lg">
        <Title order={2} fz="lg">
          {t('outOfHours.title')}
        </Title>
        <Text c="dimmed" fz="sm" mb="md">
          {t('outOfHours.description')}
        </Text>
        <OutOfHoursFields
          enabled={form.outOfHoursMessageEnabled}
          message={form.outOfHoursMessage}
          error={errors.outOfHoursMessage}
          onChange={(next) => patch(next)}
        />
      </Card>
      <SaveBar onSave={submit} saving={saver.saving} />
    </Stack>
  );
}

/** The out-of-hours auto message: on/off and its text (also on /settings/autoMessages). */
export function OutOfHoursFields({
  enabled,
  message,
  error,
  onChange,
}: {
  enabled: boolean;
  message: string;
  error?: string;
  onChange: (next: { outOfHoursMessageEnabled?: boolean; outOfHoursMessage?: string }) => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <Stack gap="sm">
      <Switch
        checked={enabled}
        onChange={(e) => onChange({ outOfHoursMessageEnabled: e.currentTarget.checked })}
        label={t('outOfHours.enabled')}
      />
      <Textarea
        label={t('outOfHours.message')}
        placeholder={t('outOfHours.placeholder')}
        value={message}
        disabled={!enabled}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={INBOX_SETTINGS_LIMITS.outOfHoursMessageMax}
        error={error}
        description={t('outOfHours.count', {
          count: message.length,
          max: INBOX_SETTINGS_LIMITS.outOfHoursMessageMax,
        })}
        onChange={(e) => onChange({ outOfHoursMessage: e.currentTarget.value })}
      />
    </Stack>
  );
}
