import { useEffect, useState } from 'react';
import { Badge, Button, Group, Paper, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { TContact, TContactTag } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../app/i18n';
import { ColorDot } from '../contacts/contact-chips';
import type { TContactFilters } from '../contacts/contact-filters';
import { countLabel } from '../contacts/contacts-states';
import { LEAD_MIME, LeadCard, type TColumnOption } from './lead-card';
import { columnContents, useBoardColumn } from './leads-api';

export interface TDragging {
  contact: TContact;
  from: string;
}

/** One phase of the board: header (colour, name, count), its cards, "load more", and a drop zone. */
export function LeadColumn({
  acc,
  column,
  columns,
  filters,
  tags,
  dragging,
  onDragging,
  onMove,
  onOpen,
  hideWhenEmpty = false,
  onBlocked,
}: {
  acc: string;
  column: TColumnOption;
  columns: TColumnOption[];
  filters: TContactFilters;
  tags: Map<string, TContactTag>;
  dragging: TDragging | null;
  onDragging: (value: TDragging | null) => void;
  onMove: (contact: TContact, from: string, to: string) => void;
  onOpen: (contact: TContact) => void;
  hideWhenEmpty?: boolean;
  /** The server refused the list (contacts blocked for this operator): the board says so once. */
  onBlocked: (error: unknown) => void;
}) {
  const { t, i18n } = useTranslation('leads');
  const query = useBoardColumn(acc, column.id, filters);
  const { items, count, estimate } = columnContents(query.data);
  const [over, setOver] = useState(false);
  const refused = (query.error as { code?: string } | null)?.code === 'NOT_AUTHORIZED';
  useEffect(() => {
    if (refused) onBlocked(query.error);
  }, [refused, query.error, onBlocked]);
  if (hideWhenEmpty && count === 0 && dragging?.from !== column.id) return null;
  const accepts = dragging !== null && dragging.from !== column.id;
  const headingId = `lead-column-${column.id}`;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      data-testid="lead-column"
      data-column={column.id}
      bg="gray.0"
      withBorder
      radius="lg"
      p="sm"
      w={290}
      miw={290}
      style={{
        display: 'flex',
        flexDirection: 'column',
        outline: over && accepts ? '2px dashed var(--mantine-color-brand-6)' : undefined,
      }}
      onDragOver={(event) => {
        if (!accepts && !Array.from(event.dataTransfer.types ?? []).includes(LEAD_MIME)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (dragging && dragging.from !== column.id) onMove(dragging.contact, dragging.from, column.id);
        onDragging(null);
      }}
    >
      <Group justify="space-between" wrap="nowrap" mb="sm" px={4}>
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          <ColorDot color={column.color} size={12} />
          <Title order={2} fz="sm" fw={700} id={headingId} lineClamp={1}>
            {column.label}
          </Title>
        </Group>
        <Badge
          variant="default"
          radius="sm"
          data-testid="lead-column-count"
          aria-label={t('countLabel', { count })}
        >
          {query.isPending
            ? '…'
            : countLabel({ count, countIsEstimate: estimate || undefined }, i18n.language)}
        </Badge>
      </Group>
      <ScrollArea.Autosize mah="calc(100vh - 330px)" type="auto" scrollbars="y" offsetScrollbars="y">
        <Stack gap="xs" mih={120}>
          {query.isPending &&
            [0, 1, 2].map((i) => <Skeleton key={i} height={64} radius="md" data-testid="lead-skeleton" />)}
          {query.isError && (
            <Text fz="sm" c="red.8" role="alert">
              {errorText(t, query.error)}
            </Text>
          )}
          {!query.isPending && items.length === 0 && (
            <Text fz="sm" c="dimmed" ta="center" py="lg">
              {t('emptyColumn')}
            </Text>
          )}
          {items.map((contact) => (
            <LeadCard
              key={contact._id}
              contact={contact}
              column={column.id}
              columns={columns}
              tags={tags}
              onOpen={onOpen}
              onMove={(to) => onMove(contact, column.id, to)}
              onDragStart={() => onDragging({ contact, from: column.id })}
              onDragEnd={() => onDragging(null)}
            />
          ))}
          {query.hasNextPage && (
            <Button
              variant="subtle"
              size="compact-sm"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t('loadMore', { count: Math.max(0, count - items.length) })}
            </Button>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}
