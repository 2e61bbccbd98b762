import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconCreditCard,
  IconLogout,
  IconUserCircle,
  IconBuilding,
  IconHelpCircle,
} from '@tabler/icons-react';
import { hasRole } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentRole, logout, useSession } from '../session';
import { useAccLink } from './use-acc-link';
import { appVersionText } from '../app-version';
import { useState } from 'react';
import { ContactDialog } from './contact-dialog';

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** Avatar menu: profile, account, plans, contact us (the help form), sign out. */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const link = useAccLink();
  const role = currentRole(session);
  const name = session.user?.displayName || session.user?.name || '';
  const [contact, setContact] = useState(false);
  return (
    <>
      <Menu position="bottom-end" shadow="md" width={240} withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t('userMenu.open')} data-testid="user-menu">
            <Group gap={8} wrap="nowrap">
              <Avatar src={session.user?.profilePic || null} radius="xl" size={34} color="brand" alt={name}>
                {initials(name)}
              </Avatar>
              <Text fz="sm" fw={600} visibleFrom="sm" maw={140} truncate>
                {name}
              </Text>
              <IconChevronDown size={14} aria-hidden="true" />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text fz="sm" fw={600} c="dark">
              {name}
            </Text>
            <Text fz="xs" c="dimmed" truncate>
              {session.user?.email}
            </Text>
            {role && (
              <Text fz="xs" c="dimmed">
                {t(`roles.${role}`)}
              </Text>
            )}
          </Menu.Label>
          <Menu.Divider />
          <Menu.Item component={Link} to={link('/profile')} leftSection={<IconUserCircle size={16} />}>
            {t('userMenu.profile')}
          </Menu.Item>
          {hasRole(role, 'admin') && (
            <>
              <Menu.Item component={Link} to={link('/acc')} leftSection={<IconBuilding size={16} />}>
                {t('userMenu.account')}
              </Menu.Item>
              <Menu.Item component={Link} to={link('/plans')} leftSection={<IconCreditCard size={16} />}>
                {t('userMenu.plans')}
              </Menu.Item>
            </>
          )}
          <Menu.Item leftSection={<IconHelpCircle size={16} />} onClick={() => setContact(true)}>
            {t('userMenu.help')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout(null)}>
            {t('userMenu.logout')}
          </Menu.Item>
          <Menu.Label data-testid="app-version">
            {t('userMenu.version', { version: appVersionText() })}
          </Menu.Label>
        </Menu.Dropdown>
      </Menu>
      <ContactDialog opened={contact} onClose={() => setContact(false)} />
    </>
  );
}
