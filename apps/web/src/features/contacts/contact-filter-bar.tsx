import { useEffect, useRef, useState } from 'react';
import { Button, Group, MultiSelect, Select, Switch, TextInput } from '@mantine/core';
import { IconCalendar, IconFilterOff, IconSearch, IconTag, IconTimeline } from '@tabler/icons-react';
import { DATE_FILTERS, type TContactPhase, type TContactTag, type TDateFilter } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { phaseLabel } from './contact-format';
import { hasActiveFilters, type TContactFilters } from './contact-filters';

export const SEARCH_DEBOUNCE_MS = 300;

/** Search typed into the box reaches `onSearch` once the user pauses for 300 ms. */
function useDebouncedSearch(value: string, onSearch: (value: string) => void) {
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  // The URL changed by other means (clear filters, back): show it.
  useEffect(() => setText((current) => (current.trim() === value.trim() ? current : value)), [value]);
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => latest.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return [text, setText] as const;
}

/**
 * The filters of the contacts list and the leads board: search (name, e-mail or phone), phase,
 * tags, creation date (spec §9 options), blocked and opt-out.
 */
export function ContactFilterBar({
  filters,
  onChange,
  onClear,
  phases,
  tags,
}: {
  filters: TContactFilters;
  onChange: (patch: Partial<TContactFilters>) => void;
  onClear: () => void;
  phases: TContactPhase[];
  tags: TContactTag[];
}) {
  const { t } = useTranslation('contacts');
  const [text, setText] = useDebouncedSearch(filters.search, (search) => onChange({ search }));
  const phaseOptions = [
    { value: 'all', label: t('filters.allPhases') },
    { value: 'none', label: t('filters.noPhase') },
    ...phases.map((phase) => ({ value: phase._id, label: phaseLabel(t, phase) })),
  ];
  const dateOptions = DATE_FILTERS.map((value) => ({ value, label: t(`filters.dates.${value}`) }));
  const tagOptions = tags.map((tag) => ({ value: tag._id, label: tag.name }));
  return (
    <Group gap="sm" align="center" wrap="wrap" data-testid="contact-filters">
      <TextInput
        type="search"
        aria-label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        w={{ base: '100%', sm: 260 }}
      />
      <Select
        aria-label={t('filters.phase')}
        data={phaseOptions}
        value={filters.phase}
        allowDeselect={false}
        onChange={(phase) => onChange({ phase: phase ?? 'all' })}
        leftSection={<IconTimeline size={16} aria-hidden="true" />}
        w={180}
      />
      <MultiSelect
        aria-label={t('filters.tags')}
        placeholder={filters.tags.length ? undefined : t('filters.tags')}
        data={tagOptions}
        value={filters.tags.filter((id) => tags.length === 0 || tags.some((tag) => tag._id === id))}
        onChange={(ids) => onChange({ tags: ids })}
        leftSection={<IconTag size={16} aria-hidden="true" />}
        searchable
        clearable
        nothingFoundMessage={t('common:nothingFound')}
        w={200}
        maxDropdownHeight={260}
      />
      <Select
        aria-label={t('filters.date')}
        data={dateOptions}
        value={filters.dateFilter}
        allowDeselect={false}
        onChange={(value) => onChange({ dateFilter: (value ?? 'all') as TDateFilter })}
        leftSection={<IconCalendar size={16} aria-hidden="true" />}
        w={175}
      />
      <Switch
        label={t('filters.blocked')}
        checked={filters.blocked}
        onChange={(event) => onChange({ blocked: event.currentTarget.checked })}
      />
      <Switch
        label={t('filters.optOut')}
        checked={filters.optOut}
        onChange={(event) => onChange({ optOut: event.currentTarget.checked })}
      />
      {hasActiveFilters(filters) && (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconFilterOff size={16} />}
          onClick={onClear}
        >
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}
