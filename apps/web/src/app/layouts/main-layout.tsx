import { Suspense, useState } from 'react';
import {
  ActionIcon,
  AppShell,
  Box,
  Burger,
  Divider,
  Group,
  ScrollArea,
  Stack,
  Tooltip,
  UnstyledButton,
  Text,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { findRouteByName, hasRole } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, Outlet, useLocation } from 'react-router';
import { AccountSwitcher } from '../../features/accounts/account-switcher';
import { TrialBanner } from '../../features/billing/trial-banner';
import { TeamChatMount } from '../../features/team-chat/team-chat-mount';
import { BrowserNotificationsMount } from '../../features/app-store/push/browser-notifications-mount';
import { Logo } from '../../ui/logo';
import { PageLoader } from '../../ui/page-loader';
import { currentRole, useSession } from '../session';
import { readItem } from '../storage';
import { LanguageSwitch } from '../shell/language-switch';
import { NAV_ADMIN, NAV_GROUPS, NAV_MAIN, type TNavItem } from '../shell/nav';
import { UserMenu } from '../shell/user-menu';
import { StarPageButton } from '../shell/star-page-button';
import { useStarred } from '../shell/starred';
import { useAccLink } from '../shell/use-acc-link';
import { QueryProvider } from '../query-provider';
import classes from './main-layout.module.css';

function NavItem({
  item,
  expanded,
  onNavigate,
}: {
  item: TNavItem;
  expanded: boolean;
  onNavigate: () => void;
}) {
  const { t } = useTranslation('shell');
  const link = useAccLink();
  const { pathname } = useLocation();
  const path = findRouteByName(item.route)?.path ?? '/';
  const label = t(`nav.${item.route}`);
  // The most specific entry wins: /acc/users lights Team, not Account.
  const longer = [...NAV_MAIN, ...NAV_ADMIN]
    .map((i) => findRouteByName(i.route)?.path ?? '/')
    .some((p) => p.length > path.length && (pathname === p || pathname.startsWith(`${p}/`)));
  const under = (p: string) => pathname === p || pathname.startsWith(`${p}/`);
  const active =
    pathname === path || (!longer && path !== '/' && under(path)) || (item.also ?? []).some(under);
  const Icon = item.icon;
  const button = (
    <UnstyledButton
      component={RouterNavLink}
      to={link(path)}
      className={classes.link}
      data-active={active || undefined}
      aria-label={expanded ? undefined : label}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    >
      <Icon size={20} stroke={1.7} aria-hidden="true" />
      {expanded && <span className={classes.linkLabel}>{label}</span>}
    </UnstyledButton>
  );
  return expanded ? (
    button
  ) : (
    <Tooltip label={label} position="right" withArrow openDelay={150}>
      {button}
    </Tooltip>
  );
}

/** Main layout: header (account switcher, language, user menu) and a sidebar collapsed by default. */
export function MainLayout() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const role = currentRole(session);
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [expanded, setExpanded] = useState(false);
  const automation = readItem('automationEnable') === 'true';
  const visible = (items: TNavItem[]) =>
    items.filter((item) => {
      const def = findRouteByName(item.route);
      if (!def?.minRole || !hasRole(role, def.minRole)) return false;
      // Settings → Restrictions (spec §6): operators blocked from contacts lose the menu item.
      const acc = session.account?.acc;
      if (
        item.route === 'contacts' &&
        !hasRole(role, 'manager') &&
        (acc?.blockContactTab || acc?.blockContactTabGeneral)
      )
        return false;
      return !def.automationFlag || automation;
    });
  const wide = expanded || mobileOpened;
  // Starred pages (spec §9, up to 10) head the sidebar.
  const starred = useStarred(session.user?._id);
  const starredItems = starred
    .map((route) => [...NAV_MAIN, ...NAV_ADMIN].find((i) => i.route === route))
    .filter((i): i is TNavItem => Boolean(i));
  const groups = [
    { key: 'starred', items: visible(starredItems) },
    ...NAV_GROUPS.map((g) => ({ key: g.key as string, items: visible(g.items) })),
  ].filter((g) => g.items.length);
  const toggleLabel = expanded ? t('nav.collapse') : t('nav.expand');

  return (
    <QueryProvider>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: expanded ? 264 : 72, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }}
        padding={{ base: 'md', md: 'xl' }}
        bg="gray.0"
      >
        <AppShell.Header px="md">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="md" wrap="nowrap">
              <Burger
                opened={mobileOpened}
                onClick={toggleMobile}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('nav.toggle')}
              />
              {/* The sidebar's toggle sits in the header: in the sidebar it took a row from the entries. */}
              <Tooltip label={toggleLabel} position="bottom">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  onClick={() => setExpanded((v) => !v)}
                  aria-label={toggleLabel}
                  aria-expanded={expanded}
                  visibleFrom="sm"
                >
                  {expanded ? (
                    <IconLayoutSidebarLeftCollapse size={20} />
                  ) : (
                    <IconLayoutSidebarLeftExpand size={20} />
                  )}
                </ActionIcon>
              </Tooltip>
              <Box visibleFrom="sm">
                <Logo name={t('common:appName')} size={30} />
              </Box>
              <Divider orientation="vertical" visibleFrom="sm" />
              <AccountSwitcher />
            </Group>
            <Group gap="xs" wrap="nowrap">
              <StarPageButton />
              <LanguageSwitch />
              <UserMenu />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar p="xs" aria-label={t('nav.label')}>
          <AppShell.Section grow component={ScrollArea} scrollbarSize={6}>
            {groups.map((group, index) => (
              <Box key={group.key} mt={index === 0 ? 0 : wide ? 'xs' : 6}>
                {index > 0 && !wide && <Divider mb={6} />}
                {wide && <Text className={classes.groupTitle}>{t(`nav.groups.${group.key}`)}</Text>}
                <Stack gap={2} component="nav" aria-label={t(`nav.groups.${group.key}`)}>
                  {group.items.map((item) => (
                    <NavItem key={item.route} item={item} expanded={wide} onNavigate={closeMobile} />
                  ))}
                </Stack>
              </Box>
            ))}
          </AppShell.Section>
        </AppShell.Navbar>
        {/* Room at the end of every page for the team chat button (bottom right): nothing ends under it. */}
        <AppShell.Main style={{ paddingBottom: 'calc(var(--app-shell-padding) + 84px)' }}>
          <Box maw={1200} mx="auto">
            <TrialBanner />
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Box>
        </AppShell.Main>
        <TeamChatMount />
        <BrowserNotificationsMount />
      </AppShell>
    </QueryProvider>
  );
}
