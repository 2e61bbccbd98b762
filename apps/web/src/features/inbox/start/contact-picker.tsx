import { useState } from 'react';
import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TContact } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useContacts } from '../../contacts/contacts-api';
import { formatPhone } from '../../../app/format';

/** A contact found by name, e-mail or phone (the contacts search, 20 at a time). */
export function ContactPicker({
  acc,
  value,
  onChange,
  error,
}: {
  acc: string;
  value: TContact | null;
  onChange: (contact: TContact | null) => void;
  error?: string | null;
}) {
  const { t } = useTranslation('inbox');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const label = (c: TContact) => [c.name, c.phone ? formatPhone(c.phone) : t('start.noPhone')].join(' · ');
  // The picked contact's label in the box is not a search.
  const term = value && debounced === label(value) ? '' : debounced.trim();
  const found = useContacts(acc, { limit: 20, search: term || undefined }, 30_000);
  const items = found.data?.items ?? [];
  const options = [...(value && !items.some((c) => c._id === value._id) ? [value] : []), ...items];
  return (
    <Select
      label={t('start.contact')}
      placeholder={t('start.contactPlaceholder')}
      required
      searchable
      clearable
      filter={({ options: all }) => all}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={found.isFetching ? undefined : t('start.noContacts')}
      rightSection={found.isFetching ? <Loader size={14} /> : undefined}
      data={options.map((c) => ({ value: c._id, label: label(c), disabled: !c.phone }))}
      value={value?._id ?? null}
      error={error}
      onChange={(id) => onChange(options.find((c) => c._id === id) ?? null)}
    />
  );
}
