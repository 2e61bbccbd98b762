import { useEffect, useState } from 'react';
import { Button, Card, Group, NumberInput, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { TAutoMessage } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from '../../app/forms';
import { errorText, validationText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { useAcc } from '../../app/session';
import { CardSkeleton } from '../../ui/card-skeleton';
import { LoadError } from '../../ui/load-error';
import { VARIABLES_TEXT } from './automation-builder';
import { autoMessagesKey, saveAutoMessage, useAutoMessages } from './automations-api';

/** One automatic message: on/off, its text with variables, and (queue) the minutes waited. */
function AutoMessageCard({ message }: { message: TAutoMessage }) {
  const { t } = useTranslation('automations');
  const acc = useAcc();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(message);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => setForm(message), [message]);

  const save = async () => {
    if (form.active && !form.text.trim()) {
      setErrors({ text: validationText(t, 'messageEmpty') });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await saveAutoMessage(acc, form.kind, { active: form.active, text: form.text, minutes: form.minutes });
      await queryClient.invalidateQueries({ queryKey: autoMessagesKey(acc) });
      notify({
        color: 'green',
        message: (t) =>
          t('automations:autoMessages.saved', { name: t(`automations:autoMessages.${form.kind}.title`) }),
      });
    } catch (error) {
      const fields = serverFieldErrors(t, error);
      if (Object.keys(fields).length) setErrors(fields);
      else notify({ color: 'red', message: (t) => errorText(t, error) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card padding="lg" data-testid={`auto-message-${message.kind}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <div>
          <Title order={2} fz="lg">
            {t(`autoMessages.${message.kind}.title`)}
          </Title>
          <Text c="dimmed" fz="sm">
            {t(`autoMessages.${message.kind}.description`)}
          </Text>
        </div>
        <Switch
          aria-label={t('autoMessages.activeNamed', { name: t(`autoMessages.${message.kind}.title`) })}
          checked={form.active}
          onChange={(e) => setForm({ ...form, active: e.currentTarget.checked })}
        />
      </Group>
      <Stack gap="sm">
        {message.kind === 'queue' && (
          <NumberInput
            label={t('autoMessages.minutes')}
            value={form.minutes ?? 5}
            min={1}
            max={1440}
            onChange={(v) => setForm({ ...form, minutes: Number(v) || 1 })}
            error={errors.minutes}
            w={200}
          />
        )}
        <Textarea
          label={t('autoMessages.text')}
          autosize
          minRows={2}
          value={form.text}
          onChange={(e) => setForm({ ...form, text: e.currentTarget.value })}
          error={errors.text}
        />
        <Group justify="space-between">
          <Text c="dimmed" fz="xs">
            {t('builder.variables', { list: VARIABLES_TEXT, interpolation: { escapeValue: false } })}
          </Text>
          <Button onClick={save} loading={saving}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Settings → automatic messages that run on the automation engine (greeting, queue, transfer, close, inactivity). */
export function AutoMessagesSection() {
  const acc = useAcc();
  const list = useAutoMessages(acc);
  if (list.isError) return <LoadError error={list.error} />;
  if (!list.data) return <CardSkeleton rows={4} />;
  return (
    <Stack gap="lg" data-testid="auto-messages">
      {list.data.map((m) => (
        <AutoMessageCard key={m.kind} message={m} />
      ))}
    </Stack>
  );
}
