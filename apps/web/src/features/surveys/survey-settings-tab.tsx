import { useEffect, useState } from 'react';
import {
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import {
  CHANNEL_KINDS,
  SURVEY_DEFAULT_TEXTS,
  SURVEY_LANGS,
  SURVEY_LIMITS,
  SURVEY_TYPES,
  type TSurveySettings,
  ZSurveySettings,
} from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../app/forms';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { CardSkeleton } from '../../ui/card-skeleton';
import { LoadError } from '../../ui/load-error';
import { SaveBar } from '../../ui/save-bar';
import { FormCard } from '../../ui/section-heading';
import { issuesByPath } from '../settings/settings-errors';
import { useSaveSurveySettings, useSurveySettings } from './surveys-api';

type TForm = Omit<TSurveySettings, 'intervalDays' | 'expiryHours'> & {
  intervalDays: number | string;
  expiryHours: number | string;
};

const TEXT_FIELDS = [
  ['csatQuestion', 'csat'],
  ['npsQuestion', 'nps'],
  ['commentQuestion', 'comment'],
  ['thanksMessage', 'thanks'],
] as const;

/** Settings → Surveys (admins): which survey, where, when, its texts, interval and expiry. */
export function SurveySettingsTab({ acc }: { acc: string }) {
  const { t } = useTranslation('surveys');
  const settings = useSurveySettings(acc);
  const save = useSaveSurveySettings(acc);
  const [form, setForm] = useState<TForm | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (settings.data && !form) setForm(settings.data);
  }, [settings.data, form]);

  if (settings.isError) return <LoadError error={settings.error} />;
  if (!form) return <CardSkeleton rows={6} />;

  const patch = (next: Partial<TForm>) => setForm({ ...form, ...next });
  const defaults = SURVEY_DEFAULT_TEXTS[form.lang];
  const submit = () => {
    const body = {
      ...form,
      intervalDays: form.intervalDays === '' ? Number.NaN : Number(form.intervalDays),
      expiryHours: form.expiryHours === '' ? Number.NaN : Number(form.expiryHours),
    };
    const found = issuesByPath(ZSurveySettings, body, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(body, {
      onSuccess: () => notify({ color: 'green', message: (t) => t('surveys:settings.saved') }),
      onError: (err) => {
        setErrors(serverFieldErrors(t, err));
        notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) });
      },
    });
  };
  const toggleChannel = (kind: (typeof CHANNEL_KINDS)[number], on: boolean) =>
    patch({ channels: on ? [...form.channels, kind] : form.channels.filter((c) => c !== kind) });

  return (
    <Stack gap="lg" data-testid="survey-settings">
      <FormCard title={t('settings.surveyTitle')} description={t('settings.surveyDescription')}>
        <Stack gap="md">
          <Switch
            checked={form.enabled}
            onChange={(e) => patch({ enabled: e.currentTarget.checked })}
            label={t('settings.enabled')}
          />
          <div>
            <Text fz="sm" fw={500} mb={4} id="survey-type-label">
              {t('settings.type')}
            </Text>
            <SegmentedControl
              aria-labelledby="survey-type-label"
              value={form.type}
              onChange={(v) => patch({ type: v as TForm['type'] })}
              data={SURVEY_TYPES.map((type) => ({ value: type, label: t(`settings.types.${type}`) }))}
            />
          </div>
          <Group gap="lg">
            <Text fz="sm" fw={500}>
              {t('settings.channels')}
            </Text>
            {CHANNEL_KINDS.map((kind) => (
              <Checkbox
                key={kind}
                label={t(`channels.${kind}`)}
                checked={form.channels.includes(kind)}
                onChange={(e) => toggleChannel(kind, e.currentTarget.checked)}
              />
            ))}
          </Group>
        </Stack>
      </FormCard>
      <FormCard title={t('settings.whenTitle')} description={t('settings.whenDescription')}>
        <Stack gap="md">
          {(['onOperatorClose', 'onInactivityClose', 'manual'] as const).map((key) => (
            <Switch
              key={key}
              checked={form[key]}
              onChange={(e) => patch({ [key]: e.currentTarget.checked })}
              label={t(`settings.${key}`)}
            />
          ))}
          <Group align="flex-start" gap="xl" wrap="wrap">
            <NumberInput
              w={280}
              label={t('settings.intervalDays')}
              description={t('settings.intervalHelp', { max: SURVEY_LIMITS.intervalDaysMax })}
              value={form.intervalDays}
              onChange={(v) => patch({ intervalDays: v })}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              error={errors.intervalDays}
            />
            <NumberInput
              w={280}
              label={t('settings.expiryHours')}
              description={t('settings.expiryHelp', {
                min: SURVEY_LIMITS.expiryHoursMin,
                max: SURVEY_LIMITS.expiryHoursMax,
              })}
              value={form.expiryHours}
              onChange={(v) => patch({ expiryHours: v })}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              error={errors.expiryHours}
            />
          </Group>
        </Stack>
      </FormCard>
      <FormCard title={t('settings.textsTitle')} description={t('settings.textsDescription')}>
        <Stack gap="md">
          <Select
            w={280}
            label={t('settings.lang')}
            data={SURVEY_LANGS.map((lang) => ({ value: lang, label: t(`settings.langs.${lang}`) }))}
            value={form.lang}
            onChange={(v) => v && patch({ lang: v as TForm['lang'] })}
            allowDeselect={false}
          />
          <Switch
            checked={form.commentEnabled}
            onChange={(e) => patch({ commentEnabled: e.currentTarget.checked })}
            label={t('settings.commentEnabled')}
          />
          {TEXT_FIELDS.filter(
            ([, key]) => key !== (form.type === 'csat' ? 'nps' : form.type === 'nps' ? 'csat' : ''),
          ).map(([field, key]) => (
            <Textarea
              key={field}
              label={t(`settings.texts.${key}`)}
              placeholder={defaults[key]}
              description={t('settings.textHelp')}
              autosize
              minRows={2}
              maxLength={SURVEY_LIMITS.textMax}
              value={form[field]}
              disabled={key === 'comment' && !form.commentEnabled}
              onChange={(e) => patch({ [field]: e.currentTarget.value })}
              error={errors[field]}
            />
          ))}
        </Stack>
      </FormCard>
      <SaveBar onSave={submit} saving={save.isPending} />
    </Stack>
  );
}
