import { useMemo } from 'react';
import type { TConversation } from '@atende/shared';
import { useConversationList } from './inbox-api';
import { isCampaign, type TListFilters, type TListTab } from './inbox-cache';
import type { TInboxEnv } from './inbox-context';

export type TVisibleTab = Exclude<TListTab, 'closed'>;

/** The tabs this member sees: operators lose 'Aguardando Atendimento' when the settings hide it. */
export function visibleTabs(env: Pick<TInboxEnv, 'manager' | 'data'>): TVisibleTab[] {
  const hideWaiting = !env.manager && env.data.inbox.hideWaitingTab;
  return hideWaiting ? ['attendance', 'campaigns'] : ['waiting', 'attendance', 'campaigns'];
}

function byActivity(a: TConversation, b: TConversation) {
  return Date.parse(b.lastMessageAt) - Date.parse(a.lastMessageAt);
}

/**
 * The conversations of the tab on screen and the count of each tab. Waiting and In attendance are
 * always loaded (their counts show on the tabs, and Campaigns is made of their campaign
 * conversations); the closed history only while it is shown.
 */
export function useTabLists(env: TInboxEnv, filters: TListFilters, tab: TVisibleTab, closed: boolean) {
  const showWaiting = visibleTabs(env).includes('waiting');
  const waiting = useConversationList(env.acc, 'waiting', filters, env.manager, showWaiting);
  const attendance = useConversationList(env.acc, 'attendance', filters, env.manager);
  const history = useConversationList(env.acc, 'closed', filters, env.manager, closed);

  return useMemo(() => {
    const w = waiting.data?.items ?? [];
    const a = attendance.data?.items ?? [];
    const campaignW = w.filter(isCampaign);
    const campaignA = a.filter(isCampaign);
    const counts: Record<TVisibleTab, number> = {
      waiting: waiting.data ? waiting.data.count - campaignW.length : env.data.counts.waiting,
      attendance: attendance.data
        ? attendance.data.count - campaignA.length
        : env.manager
          ? env.data.counts.attendance
          : env.data.counts.mine,
      campaigns: campaignW.length + campaignA.length,
    };
    let items: TConversation[];
    let query = tab === 'waiting' ? waiting : attendance;
    if (closed) {
      items = history.data?.items ?? [];
      query = history;
    } else if (tab === 'campaigns') items = [...campaignW, ...campaignA].sort(byActivity);
    else items = (tab === 'waiting' ? w : a).filter((c) => !isCampaign(c));
    const loading = closed ? history.isPending : tab === 'campaigns' ? attendance.isPending : query.isPending;
    return { items, counts, loading, error: query.error, refetch: () => query.refetch() };
  }, [waiting, attendance, history, tab, closed, env]);
}
