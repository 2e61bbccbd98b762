import { useEffect, useState } from 'react';
import { Button, Card, Group, NumberInput, Text, Title } from '@mantine/core';
import { INBOX_SETTINGS_LIMITS, ZInboxSettings } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { issuesByPath } from './settings-errors';
import { useInboxSettings, useSaveSettings } from './settings-api';

const ZCapacity = ZInboxSettings.pick({ operatorCapacity: true });

/** Capacity per operator (open conversations before distribution skips them). */
export function CapacityCard({ acc }: { acc: string }) {
  const { t } = useTranslation('settings');
  const settings = useInboxSettings(acc);
  const save = useSaveSettings(acc);
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
    save.mutate(body, {
      onSuccess: () => notify({ color: 'green', message: t('saved') }),
      onError: (err) => notify({ color: 'red', title: t('common:error'), message: errorText(t, err) }),
    });
  };
  return (
    <Card padding="lg">
      <Title order={2} fz="lg" mb={4}>
        {t('distribution.capacityTitle')}
      </Title>
      <Text c="dimmed" fz="sm" mb="md">
        {t('distribution.capacityDescription')}
      </Text>
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
        <Button onClick={submit} loading={save.isPending} disabled={!settings.data}>
          {t('common:save')}
        </Button>
      </Group>
    </Card>
  );
}
