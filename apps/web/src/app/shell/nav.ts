import {
  IconAddressBook,
  IconApps,
  IconBolt,
  IconBuilding,
  IconCreditCard,
  IconHistory,
  IconLayoutDashboard,
  IconMessageBolt,
  IconMessages,
  IconMoodSmile,
  IconReceipt,
  IconRobot,
  IconSettings,
  IconSpeakerphone,
  IconTargetArrow,
  IconTemplate,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { findRouteByName } from '@atende/shared';

export interface TNavItem {
  route: string;
  icon: Icon;
  /** Other address prefixes that belong to the entry (its create/edit pages elsewhere). */
  also?: string[];
}

export interface TNavGroup {
  /** shell:nav.groups.<key> */
  key: 'service' | 'engagement' | 'admin';
  items: TNavItem[];
}

/** Sidebar entries by route name; the minimum role comes from the shared route table. */
export const NAV_SERVICE: TNavItem[] = [
  { route: 'dashboard', icon: IconLayoutDashboard, also: ['/legacy-dashboard'] },
  { route: 'inbox', icon: IconMessages },
  { route: 'contacts', icon: IconAddressBook },
  { route: 'leads', icon: IconTargetArrow },
];

export const NAV_ENGAGEMENT: TNavItem[] = [
  {
    route: 'chatbots',
    icon: IconRobot,
    also: ['/apps/chatbot', '/apps/chatbot-ai', '/apps/chatpage', '/faq/chatbot-ia'],
  },
  { route: 'campaigns', icon: IconSpeakerphone },
  { route: 'automation', icon: IconBolt, also: ['/apps/new-automation'] },
  { route: 'quick-messages', icon: IconMessageBolt },
  { route: 'templates', icon: IconTemplate },
  { route: 'feedback', icon: IconMoodSmile },
  { route: 'appstore', icon: IconApps },
];

export const NAV_ADMIN: TNavItem[] = [
  { route: 'acc-users', icon: IconUsersGroup },
  { route: 'acc', icon: IconBuilding },
  { route: 'plans', icon: IconCreditCard },
  { route: 'activity-log', icon: IconHistory },
  { route: 'statement', icon: IconReceipt },
  { route: 'settings', icon: IconSettings },
];

/** Every entry of the main area (service and engagement). */
export const NAV_MAIN: TNavItem[] = [...NAV_SERVICE, ...NAV_ENGAGEMENT];

/** The sidebar's groups, in order: sized so that all of them fit a 768 px high screen. */
export const NAV_GROUPS: TNavGroup[] = [
  { key: 'service', items: NAV_SERVICE },
  { key: 'engagement', items: NAV_ENGAGEMENT },
  { key: 'admin', items: NAV_ADMIN },
];

export function routePath(name: string): string {
  return findRouteByName(name)?.path ?? '/';
}
