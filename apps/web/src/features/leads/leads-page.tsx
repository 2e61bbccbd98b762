import { useMemo, useState } from 'react';
import { Alert, Button, Group, ScrollArea, Skeleton, Stack } from '@mantine/core';
import { IconAddressBook, IconColumns } from '@tabler/icons-react';
import { hasRole } from '@atende/shared';
import type { TContact, TContactPhase, TContactTag } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../app/i18n';
import { currentRole, useAcc, useSession } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { PageHeader } from '../../ui/page-header';
import { ContactDrawer } from '../contacts/contact-drawer';
import { ContactFilterBar } from '../contacts/contact-filter-bar';
import { phaseLabel } from '../contacts/contact-format';
import { type TContactFilters, useContactFilters } from '../contacts/contact-filters';
import { usePhases, useTags } from '../contacts/contacts-api';
import { ContactsBlocked } from '../contacts/contacts-states';
import { useDeleteContact } from '../contacts/use-delete-contact';
import type { TColumnOption } from './lead-card';
import { LeadColumn, type TDragging } from './lead-column';
import { NO_PHASE, useMoveLead } from './leads-api';
import { PhasesManager } from './phases-manager';

/** The board: one column per phase in phase order (plus "No phase" while it has contacts). */
export function LeadsBoard({
  acc,
  phases,
  tags,
  filters,
  onOpen,
}: {
  acc: string;
  phases: TContactPhase[];
  tags: TContactTag[];
  filters: TContactFilters;
  onOpen: (contact: TContact) => void;
}) {
  const { t } = useTranslation('leads');
  const move = useMoveLead(acc, filters);
  const [dragging, setDragging] = useState<TDragging | null>(null);
  const [blocked, setBlocked] = useState<unknown>(null);
  const tagMap = useMemo(() => new Map(tags.map((tag) => [tag._id, tag])), [tags]);
  const columns: TColumnOption[] = [
    { id: NO_PHASE, label: t('contacts:filters.noPhase'), color: '#adb5bd' },
    ...phases.map((p) => ({ id: p._id, label: phaseLabel(t, p), color: p.color })),
  ];
  const shown = columns.filter((c) => filters.phase === 'all' || filters.phase === c.id);
  const onMove = (contact: TContact, from: string, to: string) => {
    if (from !== to) move.mutate({ contact, from, to });
  };
  if (blocked) return <ContactsBlocked error={blocked} />;
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Group align="flex-start" wrap="nowrap" gap="md" pb="sm" data-testid="leads-board">
        {shown.map((column) => (
          <LeadColumn
            key={column.id}
            acc={acc}
            column={column}
            columns={columns}
            filters={filters}
            tags={tagMap}
            dragging={dragging}
            onDragging={setDragging}
            onMove={onMove}
            onOpen={onOpen}
            onBlocked={setBlocked}
            hideWhenEmpty={column.id === NO_PHASE && filters.phase !== NO_PHASE}
          />
        ))}
      </Group>
    </ScrollArea>
  );
}

/** /apps/leads: the kanban of contacts by phase, with the contacts filters. */
export function LeadsPage() {
  const { t } = useTranslation('leads');
  const acc = useAcc();
  const accLink = useAccLink();
  const { filters, setFilters, clearFilters } = useContactFilters();
  const phases = usePhases(acc);
  const tags = useTags(acc);
  const deleteContact = useDeleteContact(acc);
  const [open, setOpen] = useState<TContact | null>(null);
  // Issue 13: admins manage the phases (the board's columns) from here.
  const admin = hasRole(currentRole(useSession()), 'admin');
  const [managing, setManaging] = useState(false);
  const phaseList = phases.data ?? [];
  const tagList = tags.data ?? [];
  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <Group gap="xs">
            {admin && (
              <Button
                variant="default"
                leftSection={<IconColumns size={16} />}
                onClick={() => setManaging(true)}
              >
                {t('departments:phases.manage')}
              </Button>
            )}
            <Button
              component={Link}
              to={accLink('/apps/contacts')}
              variant="default"
              leftSection={<IconAddressBook size={16} />}
            >
              {t('contactsLink')}
            </Button>
          </Group>
        }
      />
      <ContactFilterBar
        filters={filters}
        onChange={setFilters}
        onClear={clearFilters}
        phases={phaseList}
        tags={tagList}
      />
      {phases.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(t, phases.error)}
        </Alert>
      ) : phases.isPending ? (
        <Group align="flex-start" wrap="nowrap" gap="md">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} w={290} h={320} radius="lg" />
          ))}
        </Group>
      ) : (
        <LeadsBoard acc={acc} phases={phaseList} tags={tagList} filters={filters} onOpen={setOpen} />
      )}
      <ContactDrawer
        opened={open !== null}
        acc={acc}
        contact={open}
        phases={phaseList}
        tags={tagList}
        onClose={() => setOpen(null)}
        onDelete={async (contact) => {
          if (await deleteContact(contact)) setOpen(null);
        }}
        onOpenContact={setOpen}
      />
      <PhasesManager acc={acc} opened={managing} phases={phaseList} onClose={() => setManaging(false)} />
    </Stack>
  );
}
