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
}

/** Sidebar entries by route name; the minimum role comes from the shared route table. */
export const NAV_MAIN: TNavItem[] = [
  { route: 'dashboard', icon: IconLayoutDashboard },
  { route: 'inbox', icon: IconMessages },
  { route: 'contacts', icon: IconAddressBook },
  { route: 'leads', icon: IconTargetArrow },
  { route: 'chatbots', icon: IconRobot },
  { route: 'campaigns', icon: IconSpeakerphone },
  { route: 'automation', icon: IconBolt },
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

export function routePath(name: string): string {
  return findRouteByName(name)?.path ?? '/';
}
