import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Popover,
  Select,
  Stack,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilter, IconHistory, IconSearch, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDepartments } from '../../departments/departments-api';
import { useTags } from '../../contacts/contacts-api';
import { EMPTY_FILTERS, type TListFilters } from '../data/inbox-cache';
import { useInbox } from '../inbox-context';

/** Mantine's Select cannot hold '' as a value: 'Sem operador' travels as this. */
const NONE = '__none__';

export function activeFilterCount(f: TListFilters): number {
  return [f.operator !== null, f.department, f.channel, f.tag].filter(Boolean).length;
}

/**
 * Search (debounced) and the filters of the list: operator (managers; with 'Sem operador'),
 * department, channel and tag; plus the closed-conversations history toggle.
 */
export function ListFilters({
  filters,
  onChange,
  closed,
  onClosed,
}: {
  filters: TListFilters;
  onChange: (next: TListFilters) => void;
  closed: boolean;
  onClosed: (closed: boolean) => void;
}) {
  const { t } = useTranslation('inbox');
  const { acc, data, manager } = useInbox();
  const tags = useTags(acc);
  const [search, setSearch] = useState(filters.search);
  const [debounced] = useDebouncedValue(search, 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text searches
  useEffect(() => {
    if (debounced !== filters.search) onChange({ ...filters, search: debounced });
  }, [debounced]);

  // The account's departments (issue 13), by name; the filter sends the id.
  const departments = (useDepartments(acc).data ?? []).map((d) => ({ value: d._id, label: d.name }));
  const count = activeFilterCount(filters);
  const set = (patch: Partial<TListFilters>) => onChange({ ...filters, ...patch });

  return (
    <Group gap={6} wrap="nowrap" px="sm" py={8}>
      <TextInput
        flex={1}
        size="sm"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        placeholder={t('list.searchPlaceholder')}
        aria-label={t('list.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={
          search ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('list.clearSearch')}
              onClick={() => setSearch('')}
            >
              <IconX size={14} />
            </ActionIcon>
          ) : null
        }
      />
      <Indicator label={count} size={16} disabled={count === 0} offset={4}>
        <Popover width={280} position="bottom-end" shadow="md" trapFocus>
          <Popover.Target>
            <ActionIcon
              variant={count ? 'light' : 'default'}
              size={36}
              aria-label={count ? t('filters.titleActive', { count }) : t('filters.title')}
            >
              <IconFilter size={18} />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="xs">
              {manager && (
                <Select
                  label={t('filters.operator')}
                  placeholder={t('filters.any')}
                  clearable
                  searchable
                  comboboxProps={{ withinPortal: false }}
                  value={filters.operator === null ? null : filters.operator || NONE}
                  onChange={(v) => set({ operator: v === null ? null : v === NONE ? '' : v })}
                  data={data.operators.map((o) => ({
                    value: o.value || NONE,
                    label: o.value ? o.name : t('filters.noOperator'),
                  }))}
                />
              )}
              {departments.length > 0 && (
                <Select
                  label={t('filters.department')}
                  placeholder={t('filters.any')}
                  clearable
                  comboboxProps={{ withinPortal: false }}
                  value={filters.department}
                  onChange={(v) => set({ department: v })}
                  data={departments}
                />
              )}
              <Select
                label={t('filters.channel')}
                placeholder={t('filters.any')}
                clearable
                comboboxProps={{ withinPortal: false }}
                value={filters.channel}
                onChange={(v) => set({ channel: v })}
                data={data.channels.map((c) => ({ value: c._id, label: c.name }))}
              />
              <Select
                label={t('filters.tag')}
                placeholder={t('filters.any')}
                clearable
                searchable
                comboboxProps={{ withinPortal: false }}
                value={filters.tag}
                onChange={(v) => set({ tag: v })}
                data={(tags.data ?? []).map((tag) => ({ value: tag._id, label: tag.name }))}
              />
              <Button
                variant="subtle"
                size="xs"
                disabled={count === 0}
                onClick={() => onChange({ ...EMPTY_FILTERS, search: filters.search })}
              >
                {t('filters.clear')}
              </Button>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </Indicator>
      <Tooltip label={closed ? t('list.hideClosed') : t('list.showClosed')}>
        <ActionIcon
          variant={closed ? 'filled' : 'default'}
          size={36}
          aria-label={t('list.showClosed')}
          aria-pressed={closed}
          onClick={() => onClosed(!closed)}
        >
          <IconHistory size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
