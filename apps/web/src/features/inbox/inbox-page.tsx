import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Drawer, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { hasRole, type TConversation } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { QueryProvider } from '../../app/query-provider';
import { currentRole, useSession, useAcc } from '../../app/session';
import { writeItem } from '../../app/storage';
import { PageLoader } from '../../ui/page-loader';
import { ConversationSidePanel } from '../app-store/dashboard/conversation-side-panel';
import { ContactPanel } from './contact/contact-panel';
import { ConversationList } from './list/conversation-list';
import { ConversationView } from './conversation/conversation-view';
import { useConversation, useInboxData } from './data/inbox-api';
import { EMPTY_FILTERS, isCampaign, type TListFilters } from './data/inbox-cache';
import { InboxContext, type TInboxEnv } from './inbox-context';
import { ConflictScreen, NoConversation, OfflineBanner } from './inbox-screens';
import { InboxTopBar } from './inbox-top-bar';
import { useInboxRealtime, useTabGuard } from './data/use-inbox-realtime';
import { visibleTabs, type TVisibleTab } from './list/use-tab-lists';
import classes from './inbox.module.css';

/** /apps/inbox has its own layout (no main shell): it brings the query client itself. */
export function InboxPage() {
  return (
    <QueryProvider>
      <InboxScreen />
    </QueryProvider>
  );
}

/**
 * /apps/inbox (own layout): the conversation list (tabs, search, filters), the conversation with
 * its composer, and the contact panel; live over /attendance in the one tab that holds the inbox.
 */
function InboxScreen() {
  const { t } = useTranslation('inbox');
  const session = useSession();
  const acc = useAcc();
  const me = session.user?._id ?? '';
  const manager = hasRole(currentRole(session), 'manager');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const selected = params.get('c');
  const selectedRef = useRef(selected);
  selectedRef.current = selected;

  const guard = useTabGuard(`atende-inbox:${acc}:${me}`);
  const data = useInboxData(acc);
  const realtime = useInboxRealtime(acc, me, manager, guard.role === 'active', () => selectedRef.current);
  // ?operator= (the agents dashboard's drill-down) starts the list filtered on that operator.
  const [filters, setFilters] = useState<TListFilters>(() => ({
    ...EMPTY_FILTERS,
    operator: params.get('operator'),
  }));
  const [closed, setClosed] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const wide = useMediaQuery('(min-width: 1200px)', true);

  // Spec §6: a restricted operator goes to the restricted page.
  useEffect(() => {
    if (data.data?.restrictOperator) {
      writeItem('restrictOperator', 'true');
      navigate('/restricted', { replace: true });
    }
  }, [data.data?.restrictOperator, navigate]);

  const env = useMemo<TInboxEnv | null>(
    () => (data.data ? { acc, me, manager, data: data.data, realtime } : null),
    [acc, me, manager, data.data, realtime],
  );
  const current = useConversation(acc, selected);
  const tabs = env ? visibleTabs(env) : [];
  // Asked for may also be "Com o bot" (a manager's tab while a conversation is with a bot).
  const allowed = env ? visibleTabs(env, true) : [];
  // No tab asked (a link to a conversation, e.g. from the start page): the tab it is in.
  const asked = (params.get('tab') as TVisibleTab | null) ?? (current.data ? tabOf(current.data) : null);
  const tab: TVisibleTab = asked && allowed.includes(asked) ? asked : (tabs[0] ?? 'attendance');

  const setParam = useCallback(
    (patch: Record<string, string | null>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const select = useCallback((id: string | null) => setParam({ c: id }), [setParam]);
  // Opened from the list: the list stays on its tab when the conversation moves (a colleague takes
  // it, a bot hands it over); only becoming mine follows it, below.
  const openFromList = useCallback((id: string | null) => setParam({ c: id, tab }), [setParam, tab]);

  // The open conversation became mine (taken, or answered from the queue): show the tab it is now in.
  const seen = useRef<{ id: string; mine: boolean } | null>(null);
  useEffect(() => {
    const c = current.data;
    if (!c || c._id !== selected) return;
    const mine = c.stage === 'attendance' && c.assigneeId === me;
    const before = seen.current;
    seen.current = { id: c._id, mine };
    const next = tabOf(c);
    if (before?.id === c._id && !before.mine && mine && !closed && next) setParam({ tab: next });
  }, [current.data, selected, me, closed, setParam]);

  if (guard.role === 'conflict' || guard.role === 'checking')
    return guard.role === 'checking' ? (
      <PageLoader label={t('loading')} />
    ) : (
      <ConflictScreen onUseHere={guard.claim} />
    );
  if (!env)
    return data.isError ? (
      <LoadError onRetry={() => void data.refetch()} />
    ) : (
      <PageLoader label={t('loading')} />
    );

  const conversation = current.data;
  const panel = conversation ? (
    <ConversationSidePanel acc={acc} conversation={conversation}>
      <ContactPanel conversation={conversation} onOpenConversation={select} />
    </ConversationSidePanel>
  ) : null;
  return (
    <InboxContext.Provider value={env}>
      <div className={classes.shell}>
        <InboxTopBar />
        <OfflineBanner />
        <div
          className={classes.columns}
          data-open={selected ? 'true' : 'false'}
          data-side={selected ? 'true' : 'false'}
        >
          <nav className={classes.listColumn} aria-label={t('list.label')}>
            <ConversationList
              tab={tab}
              onTab={(next) => setParam({ tab: next })}
              filters={filters}
              onFilters={setFilters}
              closed={closed}
              onClosed={setClosed}
              selectedId={selected}
              onSelect={openFromList}
            />
          </nav>
          <main className={classes.mainColumn} aria-label={t('conversation.label')}>
            {selected ? (
              <ConversationView
                key={selected}
                id={selected}
                onBack={() => select(null)}
                onToggleContact={wide ? undefined : () => setContactOpen(true)}
                onTaken={() => !closed && setParam({ tab: 'attendance' })}
              />
            ) : (
              <NoConversation />
            )}
          </main>
          {wide && selected && <div className={classes.sideColumn}>{panel}</div>}
        </div>
        {!wide && (
          <Drawer
            opened={contactOpen && Boolean(panel)}
            onClose={() => setContactOpen(false)}
            position="right"
            size={320}
            title={t('contact.title')}
          >
            {panel}
          </Drawer>
        )}
      </div>
    </InboxContext.Provider>
  );
}

/** The list tab an open conversation is shown in (none for a closed one). */
function tabOf(c: TConversation): TVisibleTab | null {
  if (c.stage === 'closed' || c.stage === 'flow') return null;
  if (c.stage === 'hold') return 'hold';
  if (isCampaign(c)) return 'campaigns';
  return c.stage === 'waiting' && !c.assigneeId ? 'waiting' : 'attendance';
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('inbox');
  return (
    <div className={classes.empty} style={{ minHeight: '100vh' }}>
      <Text>{t('loadFailed')}</Text>
      <Button variant="light" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
