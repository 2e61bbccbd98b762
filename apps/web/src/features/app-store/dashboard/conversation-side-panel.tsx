import { type ReactNode, useMemo, useState } from 'react';
import { Tabs } from '@mantine/core';
import type { TConversation } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { useDashboardPanels } from '../app-store-api';
import { dashboardContext } from './dashboard-context';
import { DashboardFrame } from './dashboard-frame';

/** The tab last chosen per account: the column is drawn again for each conversation opened. */
const chosenTab = new Map<string, string>();

/**
 * The conversation's right column: the contact panel (`children`) and, when the account has the
 * Dashboard app, one tab per page, each given this conversation's context. The frames stay
 * mounted across tabs; a new conversation sends a new context message (or, when the column was
 * drawn again for it, the page gets it as it loads), and the chosen tab is kept.
 */
export function ConversationSidePanel({
  acc,
  conversation,
  children,
}: {
  acc: string;
  conversation: TConversation;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation('app-store');
  const panels = useDashboardPanels(acc);
  const [tab, setTab] = useState(() => chosenTab.get(acc) ?? 'contact');
  const { user } = useSession();
  const userId = user?._id ?? null;
  const userName = user?.name ?? '';
  const context = useMemo(
    () => dashboardContext(acc, conversation, userId ? { _id: userId, name: userName } : null, i18n.language),
    [acc, conversation, userId, userName, i18n.language],
  );
  if (!panels.data?.length) return <>{children}</>;
  const value = tab === 'contact' || panels.data.some((p) => p._id === tab) ? tab : 'contact';
  const choose = (next: string | null) => {
    const chosen = next ?? 'contact';
    chosenTab.set(acc, chosen);
    setTab(chosen);
  };
  return (
    <Tabs value={value} onChange={choose} keepMounted aria-label={t('dashboard.panelsLabel')}>
      <Tabs.List grow>
        <Tabs.Tab value="contact">{t('dashboard.contactTab')}</Tabs.Tab>
        {panels.data.map((panel) => (
          <Tabs.Tab key={panel._id} value={panel._id}>
            {panel.name}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="contact">{children}</Tabs.Panel>
      {panels.data.map((panel) => (
        <Tabs.Panel key={panel._id} value={panel._id} h="calc(100vh - 140px)">
          <DashboardFrame panel={panel} context={context} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
