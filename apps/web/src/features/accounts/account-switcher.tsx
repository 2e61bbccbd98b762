import { useState } from 'react';
import { Avatar, Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconPlus, IconSelector } from '@tabler/icons-react';
import type { TAccountListItem } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loadAccountList, prepareAccountSwitch, useSession } from '../../app/session';
import { initials } from '../../app/shell/user-menu';
import { CreateAccountModal } from './create-account-modal';

/** Account switcher (GET /g/acc/list): the active account is stored and put in the `acc` query. */
export function AccountSwitcher() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [creating, setCreating] = useState(false);
  const active = session.account?.acc;
  if (!active) return null;

  const choose = (item: Pick<TAccountListItem, '_id' | 'name' | 'versionNamespace'>) => {
    if (item._id === active._id) return;
    if (prepareAccountSwitch(item)) return;
    const params = new URLSearchParams(search);
    params.set('acc', item._id);
    navigate(`${pathname}?${params.toString()}`);
  };

  return (
    <>
      <Menu
        position="bottom-start"
        shadow="md"
        width={280}
        withinPortal
        onOpen={() => void loadAccountList()}
      >
        <Menu.Target>
          <UnstyledButton aria-label={t('accounts.switch')} data-testid="account-switcher" px={6} py={4}>
            <Group gap={10} wrap="nowrap">
              <Avatar radius="md" size={30} color="brand" variant="filled">
                {initials(active.name)}
              </Avatar>
              <div style={{ minWidth: 0 }}>
                <Text
                  fz="sm"
                  fw={650}
                  truncate
                  maw={{ base: 110, sm: 220 }}
                  data-testid="active-account-name"
                >
                  {active.name}
                </Text>
                <Text fz={11} c="dimmed" visibleFrom="sm">
                  {t(`roles.${session.account?.userAccAccessAcl}`)}
                </Text>
              </div>
              <IconSelector size={16} color="var(--mantine-color-gray-6)" aria-hidden="true" />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('accounts.label')}</Menu.Label>
          {(session.accounts.length
            ? session.accounts
            : [{ ...active, role: session.account!.userAccAccessAcl }]
          ).map((item) => (
            <Menu.Item
              key={item._id}
              onClick={() => choose(item as TAccountListItem)}
              leftSection={
                <Avatar radius="sm" size={24} color="brand">
                  {initials(item.name)}
                </Avatar>
              }
              rightSection={item._id === active._id ? <IconCheck size={14} /> : null}
              data-testid="account-option"
            >
              <Group gap={6} wrap="nowrap" justify="space-between">
                <Text fz="sm" truncate maw={150}>
                  {item.name}
                </Text>
                {'role' in item && item.role && (
                  <Badge size="xs" variant="light" color="gray">
                    {t(`roles.${item.role}`)}
                  </Badge>
                )}
              </Group>
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('accounts.create')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <CreateAccountModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(item) => {
          setCreating(false);
          void loadAccountList();
          choose(item);
        }}
      />
    </>
  );
}
