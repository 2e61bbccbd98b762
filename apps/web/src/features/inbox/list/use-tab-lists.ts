import { useMemo } from 'react';
import { useCampaignList, useConversationList } from '../data/inbox-api';
import type { TListFilters, TListTab } from '../data/inbox-cache';
import type { TInboxEnv } from '../inbox-context';

export type TVisibleTab = Exclude<TListTab, 'closed'>;

/** The tabs this member sees: operators lose 'Aguardando Atendimento' when the settings hide it. */
export function visibleTabs(env: Pick<TInboxEnv, 'manager' | 'data'>): TVisibleTab[] {
  const hideWaiting = !env.manager && env.data.inbox.hideWaitingTab;
  return hideWaiting ? ['attendance', 'campaigns'] : ['waiting', 'attendance', 'campaigns'];
}

/**
 * The conversations of the tab on screen and the count of each tab. Waiting, In attendance and
 * Campaigns are always loaded (their server counts show on the tabs); the closed history only
 * while it is shown.
 */
export function useTabLists(env: TInboxEnv, filters: TListFilters, tab: TVisibleTab, closed: boolean) {
  const showWaiting = visibleTabs(env).includes('waiting');
  const waiting = useConversationList(env.acc, 'waiting', filters, env.manager, showWaiting);
  const attendance = useConversationList(env.acc, 'attendance', filters, env.manager);
  const campaigns = useCampaignList(env.acc, filters, env.manager, showWaiting);
  const history = useConversationList(env.acc, 'closed', filters, env.manager, closed);

  return useMemo(() => {
    const counts: Record<TVisibleTab, number> = {
      waiting: waiting.data ? waiting.data.count : env.data.counts.waiting,
      attendance: attendance.data
        ? attendance.data.count
        : env.manager
          ? env.data.counts.attendance
          : env.data.counts.mine,
      campaigns: campaigns.data?.count ?? 0,
    };
    const query = closed ? history : { waiting, attendance, campaigns }[tab];
    return {
      items: query.data?.items ?? [],
      counts,
      loading: query.isPending,
      error: query.error,
      refetch: () => query.refetch(),
    };
  }, [waiting, attendance, campaigns, history, tab, closed, env]);
}
