import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Group, Pagination, Stack } from '@mantine/core';
import { IconPlus, IconTags, IconUpload } from '@tabler/icons-react';
import { hasRole, type TContact } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentRole, useSession, useAcc } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { PageHeader } from '../../ui/page-header';
import { ContactDrawer } from './contact-drawer';
import { ContactFilterBar } from './contact-filter-bar';
import { filterQuery, hasActiveFilters, useContactFilters } from './contact-filters';
import { ContactsBulkBar } from './contacts-bulk-bar';
import { ContactsBlocked, ContactsCount, ContactsEmpty } from './contacts-states';
import { ContactsTable } from './contacts-table';
import { PAGE_SIZE, useContactList, usePhases, useTags } from './contacts-api';
import { ExportMenu } from './export-menu';
import { TagManagerModal } from './tag-manager-modal';
import { useDeleteContact } from './use-delete-contact';

/** /apps/contacts: the contacts table with filters in the URL, bulk edits, drawer, export and tags. */
export function ContactsPage() {
  const { t } = useTranslation('contacts');
  const session = useSession();
  const acc = useAcc();
  const isAdmin = hasRole(currentRole(session), 'admin');
  const accLink = useAccLink();
  const { filters, setFilters, clearFilters } = useContactFilters();
  const list = useContactList(acc, filters);
  const phases = usePhases(acc);
  const tags = useTags(acc);
  const deleteContact = useDeleteContact(acc);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [drawer, setDrawer] = useState<{ contact: TContact | null } | null>(null);
  const [managingTags, setManagingTags] = useState(false);

  const phaseList = phases.data ?? [];
  const tagList = tags.data ?? [];
  const phaseMap = useMemo(() => new Map(phaseList.map((p) => [p._id, p])), [phaseList]);
  const tagMap = useMemo(() => new Map(tagList.map((tag) => [tag._id, tag])), [tagList]);
  const filterKey = JSON.stringify(filterQuery(filters));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts a new selection
  useEffect(() => setSelected(new Set()), [filterKey]);

  const select = (ids: string[], checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) checked ? next.add(id) : next.delete(id);
      return next;
    });
  const remove = async (contact: TContact) => {
    if (await deleteContact(contact)) {
      setDrawer(null);
      select([contact._id], false);
    }
  };

  const blocked = list.error && (list.error as { code?: string }).code === 'NOT_AUTHORIZED';
  const items = list.data?.items ?? [];
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const filtered = hasActiveFilters(filters);
  // A page past the end (after deletions elsewhere): go to the last page.
  const pastEnd = Boolean(list.data && items.length === 0 && filters.page > 1 && count > 0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the page runs past the end
  useEffect(() => {
    if (pastEnd) setFilters({ page: pages });
  }, [pastEnd]);

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        description={list.data && <ContactsCount list={list.data} />}
        actions={
          !blocked && (
            <>
              <Button
                component={Link}
                to={accLink('/apps/contacts/import')}
                variant="default"
                leftSection={<IconUpload size={16} />}
              >
                {t('actions.import')}
              </Button>
              <ExportMenu acc={acc} filters={filters} />
              {isAdmin && (
                <Button
                  variant="default"
                  leftSection={<IconTags size={16} />}
                  onClick={() => setManagingTags(true)}
                >
                  {t('tags.manage')}
                </Button>
              )}
              <Button leftSection={<IconPlus size={16} />} onClick={() => setDrawer({ contact: null })}>
                {t('actions.new')}
              </Button>
            </>
          )
        }
      />
      {blocked ? (
        <ContactsBlocked error={list.error} />
      ) : (
        <>
          <ContactFilterBar
            filters={filters}
            onChange={setFilters}
            onClear={clearFilters}
            phases={phaseList}
            tags={tagList}
          />
          {selected.size > 0 && (
            <ContactsBulkBar
              acc={acc}
              ids={[...selected]}
              phases={phaseList}
              tags={tagList}
              onClear={() => setSelected(new Set())}
            />
          )}
          {list.isError ? (
            <ContactsBlocked error={list.error} />
          ) : !list.isPending && items.length === 0 && !pastEnd ? (
            <ContactsEmpty
              filtered={filtered}
              onClear={clearFilters}
              onCreate={() => setDrawer({ contact: null })}
              importPath={accLink('/apps/contacts/import')}
            />
          ) : (
            <Card
              padding={0}
              style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
              aria-busy={list.isFetching}
            >
              <ContactsTable
                items={items}
                loading={list.isPending}
                phases={phaseMap}
                tags={tagMap}
                selected={selected}
                onSelect={select}
                onOpen={(contact) => setDrawer({ contact })}
                onDelete={remove}
              />
            </Card>
          )}
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                value={Math.min(filters.page, pages)}
                onChange={(page) => setFilters({ page })}
                total={pages}
                getItemProps={(n) => ({ 'aria-label': t('pagination.page', { page: n }) })}
                getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
              />
            </Group>
          )}
        </>
      )}
      <ContactDrawer
        opened={drawer !== null}
        acc={acc}
        contact={drawer?.contact ?? null}
        phases={phaseList}
        tags={tagList}
        onClose={() => setDrawer(null)}
        onDelete={remove}
        onOpenContact={(contact) => setDrawer({ contact })}
      />
      {isAdmin && (
        <TagManagerModal
          opened={managingTags}
          acc={acc}
          tags={tagList}
          onClose={() => setManagingTags(false)}
        />
      )}
    </Stack>
  );
}
