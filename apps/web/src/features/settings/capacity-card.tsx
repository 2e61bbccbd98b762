import { useEffect, useState } from 'react';
import { Button, Group, NumberInput } from '@mantine/core';
import { INBOX_SETTINGS_LIMITS, ZInboxSettings } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { FormCard } from '../../ui/section-heading';
import { issuesByPath } from './settings-errors';
import { useInboxSettings } from './settings-api';
import { useSettingsSaver } from './use-settings-saver';

const ZCapacity = ZInboxSettings.pick({ operatorCapacity: true });

/** Capacity per operator (open conversations before distribution skips them). */
export function CapacityCard({ acc }: { acc: string }) {
  const { t } = useTranslation('settings');
  const settings = useInboxSettings(acc);
  const saver = useSettingsSaver(acc);
  const [value, setValue] = useState<number | string>('');
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (settings.data) setValue(settings.data.operatorCapacity);
  }, [settings.data]);
  const submit = () => {
    const body = { operatorCapacity: value === '' ? Number.NaN : Number(value) };
    const found = issuesByPath(ZCapacity, body, t).operatorCapacity;
    setError(found);
    if (found) return;
    saver.send(body);
  };
  return (
    <FormCard title={t('distribution.capacityTitle')} description={t('distribution.capacityDescription')}>
      <Group align="flex-end" gap="sm">
        <NumberInput
          w={220}
          label={t('distribution.capacity')}
          description={t('distribution.capacityHelp', {
            min: INBOX_SETTINGS_LIMITS.capacityMin,
            max: INBOX_SETTINGS_LIMITS.capacityMax,
          })}
          value={value}
          onChange={setValue}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          error={error}
          disabled={!settings.data}
        />
        <Button onClick={submit} loading={saver.saving} disabled={!settings.data}>
          {t('common:save')}
        </Button>
      </Group>
    </FormCard>
  );
}
