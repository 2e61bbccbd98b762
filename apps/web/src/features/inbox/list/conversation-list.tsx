import { useCallback, useRef, type KeyboardEvent } from 'react';
import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { IconInbox } from '@tabler/icons-react';
import type { TConversation } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/i18n';
import { ConversationRow } from './conversation-row';
import type { TListFilters } from '../data/inbox-cache';
import { operatorName, useInbox, useRealtimeState } from '../inbox-context';
import { ListFilters } from './list-filters';
import { useTabLists, visibleTabs, type TVisibleTab } from './use-tab-lists';
import classes from '../inbox.module.css';

const ROW_HEIGHT = 80;

const TAB_KEYS: Record<TVisibleTab, string> = {
  waiting: 'tabs.waiting',
  attendance: 'tabs.attendance',
  hold: 'tabs.hold',
  campaigns: 'tabs.campaigns',
  flow: 'tabs.flow',
};

/** The left column: tabs with counts, search and filters, and the virtualised conversation list. */
export function ConversationList({
  tab,
  onTab,
  filters,
  onFilters,
  closed,
  onClosed,
  selectedId,
  onSelect,
}: {
  tab: TVisibleTab;
  onTab: (tab: TVisibleTab) => void;
  filters: TListFilters;
  onFilters: (filters: TListFilters) => void;
  closed: boolean;
  onClosed: (closed: boolean) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('inbox');
  const env = useInbox();
  const lists = useTabLists(env, filters, tab, closed);
  const tabs = visibleTabs(env, lists.counts.flow > 0 || tab === 'flow');

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length];
    onTab(next);
    document.getElementById(`inbox-tab-${next}`)?.focus();
  };

  return (
    <>
      <div
        className={classes.tabs}
        role="tablist"
        aria-label={t('tabs.label')}
        // Sized by their labels (.tabLabel's min-width at least): five equal tabs in 340 px
        // squeezed "Com o bot" to a word a line while "Aguardando Atendimento" kept its width.
        style={{ gridTemplateColumns: `repeat(${tabs.length}, auto)` }}
        data-count={tabs.length}
      >
        {tabs.map((key, index) => (
          <button
            key={key}
            id={`inbox-tab-${key}`}
            type="button"
            role="tab"
            className={classes.tab}
            aria-selected={!closed && tab === key}
            aria-controls="inbox-list"
            tabIndex={tab === key ? 0 : -1}
            onClick={() => {
              onClosed(false);
              onTab(key);
            }}
            onKeyDown={(e) => onTabKey(e, index)}
          >
            <span className={classes.tabCount} data-testid={`tab-count-${key}`}>
              {lists.counts[key]}
            </span>
            <span className={classes.tabLabel}>{t(TAB_KEYS[key])}</span>
          </button>
        ))}
      </div>
      <ListFilters filters={filters} onChange={onFilters} closed={closed} onClosed={onClosed} />
      {closed && (
        <Text fz="xs" fw={600} c="dimmed" px="md" pb={6} tt="uppercase">
          {t('list.closedTitle')}
        </Text>
      )}
      <div
        id="inbox-list"
        role="tabpanel"
        aria-labelledby={closed ? undefined : `inbox-tab-${tab}`}
        aria-label={closed ? t('list.closedTitle') : undefined}
        style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
      >
        {lists.loading ? (
          <Center flex={1}>
            <Loader size="sm" aria-label={t('loading')} />
          </Center>
        ) : lists.error ? (
          <Alert color="red" m="sm" title={t('common:error')}>
            <Text fz="sm">{errorText(t, lists.error)}</Text>
            <Button size="xs" mt="xs" variant="light" onClick={() => void lists.refetch()}>
              {t('retry')}
            </Button>
          </Alert>
        ) : lists.items.length === 0 ? (
          <div className={classes.empty}>
            <IconInbox size={36} stroke={1.4} aria-hidden />
            <Text fz="sm">
              {filters.search ||
              filters.channel ||
              filters.tag ||
              filters.department ||
              filters.operator !== null
                ? t('list.noMatches')
                : t(closed ? 'list.emptyClosed' : `list.empty.${tab}`)}
            </Text>
          </div>
        ) : (
          <VirtualRows items={lists.items} selectedId={selectedId} onSelect={onSelect} />
        )}
      </div>
    </>
  );
}

/** Only the rows on screen are in the DOM (lists of up to the inbox load size, 1000). Arrow keys move between rows. */
export function VirtualRows({
  items,
  selectedId,
  onSelect,
}: {
  items: TConversation[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('inbox');
  const { data } = useInbox();
  const { typing } = useRealtimeState();
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    initialRect: { width: 340, height: 800 },
    getItemKey: (index) => items[index]._id,
  });

  const focusRow = useCallback(
    (index: number) => {
      virtualizer.scrollToIndex(index, { align: 'auto' });
      requestAnimationFrame(() =>
        parentRef.current?.querySelector<HTMLButtonElement>(`button[data-index="${index}"]`)?.focus(),
      );
    },
    [virtualizer],
  );

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const current = Number((e.target as HTMLElement).dataset.index ?? -1);
    if (current < 0) return;
    let next = -1;
    if (e.key === 'ArrowDown') next = Math.min(items.length - 1, current + 1);
    else if (e.key === 'ArrowUp') next = Math.max(0, current - 1);
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = items.length - 1;
    if (next < 0) return;
    e.preventDefault();
    focusRow(next);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the row buttons (their events bubble here)
    <div ref={parentRef} className={classes.listScroll} onKeyDown={onKeyDown} data-testid="conversation-list">
      <ul
        aria-label={t('list.label')}
        style={{
          height: virtualizer.getTotalSize(),
          position: 'relative',
          margin: 0,
          padding: 0,
          listStyle: 'none',
        }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const c = items[row.index];
          return (
            <li
              key={row.key}
              aria-setsize={items.length}
              aria-posinset={row.index + 1}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: row.size,
                transform: `translateY(${row.start}px)`,
              }}
            >
              <ConversationRow
                conversation={c}
                index={row.index}
                assignee={operatorName(data, c.assigneeId)}
                selected={c._id === selectedId}
                typing={Boolean(typing[c._id])}
                onSelect={onSelect}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
