import { useMemo } from 'react';
import { useCampaignList, useConversationList } from '../data/inbox-api';
import type { TListFilters, TListTab } from '../data/inbox-cache';
import type { TInboxEnv } from '../inbox-context';

export type TVisibleTab = Exclude<TListTab, 'closed'>;

/**
 * The tabs this member sees: operators lose 'Aguardando Atendimento' when the settings hide it;
 * managers also watch 'Com o bot' (conversations a chatbot is answering) while it has any, or is open.
 */
export function visibleTabs(env: Pick<TInboxEnv, 'manager' | 'data'>, withFlow = false): TVisibleTab[] {
  const hideWaiting = !env.manager && env.data.inbox.hideWaitingTab;
  const tabs: TVisibleTab[] = hideWaiting
    ? ['attendance', 'hold', 'campaigns']
    : ['waiting', 'attendance', 'hold', 'campaigns'];
  return env.manager && withFlow ? ['flow', ...tabs] : tabs;
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
  const hold = useConversationList(env.acc, 'hold', filters, env.manager);
  const campaigns = useCampaignList(env.acc, filters, env.manager, showWaiting);
  const flow = useConversationList(env.acc, 'flow', filters, env.manager, env.manager);
  const history = useConversationList(env.acc, 'closed', filters, env.manager, closed);

  return useMemo(() => {
    const counts: Record<TVisibleTab, number> = {
      waiting: waiting.data ? waiting.data.count : env.data.counts.waiting,
      attendance: attendance.data
        ? attendance.data.count
        : env.manager
          ? env.data.counts.attendance
          : env.data.counts.mine,
      hold: hold.data ? hold.data.count : env.data.counts.hold,
      campaigns: campaigns.data?.count ?? 0,
      flow: flow.data?.count ?? 0,
    };
    const query = closed ? history : { waiting, attendance, hold, campaigns, flow }[tab];
    return {
      items: query.data?.items ?? [],
      counts,
      loading: query.isPending,
      error: query.error,
      refetch: () => query.refetch(),
    };
  }, [waiting, attendance, hold, campaigns, flow, history, tab, closed, env]);
}
