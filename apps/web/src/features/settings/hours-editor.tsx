import { ActionIcon, Group, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  INBOX_SETTINGS_LIMITS,
  WEEKDAYS,
  type THoursRange,
  type TWeekday,
  type TWeekHours,
} from '@atende/shared';
import { useTranslation } from 'react-i18next';

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) =>
  minutes >= 1440
    ? '24:00'
    : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A new opening range: two hours after the day's last one, else the usual 08:00–18:00. */
export function nextRange(ranges: THoursRange[]): THoursRange {
  const last = ranges.at(-1);
  if (!last) return { start: '08:00', end: '18:00' };
  const start = Math.min(toMinutes(last.end), 1380);
  return { start: toTime(start), end: toTime(Math.min(start + 120, 1440)) };
}

interface THoursEditorProps {
  value: TWeekHours;
  onChange: (value: TWeekHours) => void;
  /** Errors by path (monday.0.end …), already translated. */
  errors?: Record<string, string>;
  disabled?: boolean;
}

/** Monday..Sunday: open or closed, and the day's time ranges (up to 5) in the account's time zone. */
export function HoursEditor({ value, onChange, errors = {}, disabled }: THoursEditorProps) {
  const { t } = useTranslation('settings');
  const setDay = (day: TWeekday, ranges: THoursRange[]) => onChange({ ...value, [day]: ranges });
  return (
    <Stack gap={0} data-testid="hours-editor">
      {WEEKDAYS.map((day) => {
        const ranges = value[day] ?? [];
        const open = ranges.length > 0;
        const dayName = t(`weekdays.${day}`);
        const dayError = ranges
          .map((_, i) => errors[`${day}.${i}.end`] || errors[`${day}.${i}.start`])
          .find(Boolean);
        return (
          <Group
            key={day}
            align="flex-start"
            gap="lg"
            py="sm"
            wrap="nowrap"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            data-testid={`hours-${day}`}
          >
            <Group w={190} gap="sm" wrap="nowrap" mt={6}>
              <Switch
                checked={open}
                disabled={disabled}
                onChange={(e) => setDay(day, e.currentTarget.checked ? [nextRange([])] : [])}
                aria-label={t('hours.openOn', { day: dayName })}
              />
              <Text fw={600} fz="sm">
                {dayName}
              </Text>
            </Group>
            {open ? (
              <Stack gap="xs" style={{ flex: 1 }}>
                {ranges.map((range, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: ranges are edited in place by position
                  <Group key={i} gap="xs" wrap="nowrap">
                    <TextInput
                      type="time"
                      w={150}
                      value={range.start}
                      disabled={disabled}
                      error={!!errors[`${day}.${i}.start`]}
                      aria-label={t('hours.start', { day: dayName, n: i + 1 })}
                      onChange={(e) =>
                        setDay(
                          day,
                          ranges.map((r, j) => (j === i ? { ...r, start: e.currentTarget.value } : r)),
                        )
                      }
                    />
                    <Text c="dimmed" fz="sm">
                      {t('hours.to')}
                    </Text>
                    <TextInput
                      type="time"
                      w={150}
                      value={range.end === '24:00' ? '23:59' : range.end}
                      disabled={disabled}
                      error={!!errors[`${day}.${i}.end`]}
                      aria-label={t('hours.end', { day: dayName, n: i + 1 })}
                      onChange={(e) =>
                        setDay(
                          day,
                          ranges.map((r, j) =>
                            j === i
                              ? {
                                  ...r,
                                  end: e.currentTarget.value === '23:59' ? '24:00' : e.currentTarget.value,
                                }
                              : r,
                          ),
                        )
                      }
                    />
                    <Tooltip label={t('hours.removeRange')}>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        disabled={disabled}
                        aria-label={t('hours.removeRangeOf', { day: dayName, n: i + 1 })}
                        onClick={() =>
                          setDay(
                            day,
                            ranges.filter((_, j) => j !== i),
                          )
                        }
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                    {i === ranges.length - 1 && ranges.length < INBOX_SETTINGS_LIMITS.rangesPerDayMax && (
                      <Tooltip label={t('hours.addRange')}>
                        <ActionIcon
                          variant="subtle"
                          disabled={disabled}
                          aria-label={t('hours.addRangeTo', { day: dayName })}
                          onClick={() => setDay(day, [...ranges, nextRange(ranges)])}
                        >
                          <IconPlus size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                ))}
                {dayError && (
                  <Text c="red.8" fz="xs" role="alert">
                    {dayError}
                  </Text>
                )}
              </Stack>
            ) : (
              <Text c="dimmed" fz="sm" mt={6}>
                {t('hours.closed')}
              </Text>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
