import { Group, Select, TextInput } from '@mantine/core';
import { DASHBOARD_FILTERS, type TDashboardFilter } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { TDashboardRange } from './dashboards-api';

const DEFAULT_FILTER: TDashboardFilter = 'thisMonth';

/** The dashboards' date filter, kept in the address (?filter=, &from=, &to=) so a link shows the same. */
export function useDashboardRange(): [TDashboardRange, (next: TDashboardRange) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('filter') as TDashboardFilter | null;
  const filter = asked && DASHBOARD_FILTERS.includes(asked) ? asked : DEFAULT_FILTER;
  const range: TDashboardRange = {
    filter,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  };
  const set = (next: TDashboardRange) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        out.set('filter', next.filter);
        for (const key of ['from', 'to'] as const) {
          const value = next.filter === 'custom' ? next[key] : undefined;
          if (value) out.set(key, value);
          else out.delete(key);
        }
        return out;
      },
      { replace: true },
    );
  return [range, set];
}

/** The spec §9 filters (All, this week… last year) and a custom range of days. */
export function DateFilter({
  range,
  onChange,
  yesterday,
}: {
  range: TDashboardRange;
  onChange: (next: TDashboardRange) => void;
  /** The last day with data (D-1): the custom range cannot go past it. */
  yesterday: string;
}) {
  const { t } = useTranslation('dashboard');
  const onFilter = (value: string | null) => {
    if (!value) return;
    const filter = value as TDashboardFilter;
    if (filter === 'custom') onChange({ filter, from: range.from ?? yesterday, to: range.to ?? yesterday });
    else onChange({ filter });
  };
  const onDate = (key: 'from' | 'to', value: string) => {
    const next = { ...range, [key]: value };
    if (value && next.from && next.to && next.from <= next.to) onChange(next);
  };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="date-filter">
      <Select
        w={200}
        label={t('filter.label')}
        data={DASHBOARD_FILTERS.map((f) => ({ value: f, label: t(`filter.${f}`) }))}
        value={range.filter}
        onChange={onFilter}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      {range.filter === 'custom' && (
        <>
          <TextInput
            type="date"
            w={160}
            label={t('filter.from')}
            value={range.from ?? ''}
            max={range.to ?? yesterday}
            onChange={(e) => onDate('from', e.currentTarget.value)}
          />
          <TextInput
            type="date"
            w={160}
            label={t('filter.to')}
            value={range.to ?? ''}
            min={range.from}
            max={yesterday}
            onChange={(e) => onDate('to', e.currentTarget.value)}
          />
        </>
      )}
    </Group>
  );
}
