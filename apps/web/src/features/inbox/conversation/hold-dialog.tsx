import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A Date as the value of an <input type="datetime-local"> (local time, minutes). */
export function localInputValue(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function inOneHour(now = new Date()): Date {
  return new Date(now.getTime() + 60 * 60 * 1000);
}

function tomorrowAtNine(now = new Date()): Date {
  const d = new Date(now);
  d.setDate(d.getDate() + 1);
  d.setHours(9, 0, 0, 0);
  return d;
}

/**
 * On hold (spec §3 conversation stages): until the customer's next message, or until a date and
 * time (with two shortcuts). `onConfirm` gets the moment as ISO, or null for the next message.
 */
export function HoldDialog({
  opened,
  busy,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onConfirm: (until: string | null) => void;
}) {
  const { t } = useTranslation('inbox');
  // The form mounts with the dialog: each opening starts from 'the next message'.
  return (
    <Modal opened={opened} onClose={onClose} title={t('hold.title')} centered>
      <HoldForm busy={busy} onClose={onClose} onConfirm={onConfirm} />
    </Modal>
  );
}

function HoldForm({
  busy,
  onClose,
  onConfirm,
}: {
  busy: boolean;
  onClose: () => void;
  onConfirm: (until: string | null) => void;
}) {
  const { t } = useTranslation('inbox');
  const [mode, setMode] = useState<'reply' | 'time'>('reply');
  const [when, setWhen] = useState(() => localInputValue(inOneHour()));
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (mode === 'reply') return onConfirm(null);
    if (!when) return setError(t('hold.whenRequired'));
    const at = new Date(when);
    if (Number.isNaN(at.getTime())) return setError(t('hold.whenRequired'));
    if (at.getTime() <= Date.now()) return setError(t('hold.whenPast'));
    onConfirm(at.toISOString());
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Text fz="sm">{t('hold.text')}</Text>
        <Radio.Group value={mode} onChange={(v) => setMode(v as 'reply' | 'time')}>
          <Stack gap={8}>
            <Radio value="reply" label={t('hold.untilReply')} />
            <Radio value="time" label={t('hold.untilTime')} />
          </Stack>
        </Radio.Group>
        {mode === 'time' && (
          <>
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => setWhen(localInputValue(inOneHour()))}>
                {t('hold.in1h')}
              </Button>
              <Button size="xs" variant="light" onClick={() => setWhen(localInputValue(tomorrowAtNine()))}>
                {t('hold.tomorrow')}
              </Button>
            </Group>
            <TextInput
              type="datetime-local"
              label={t('hold.when')}
              value={when}
              onChange={(e) => {
                setWhen(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              data-autofocus
            />
          </>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('hold.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('hold.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
