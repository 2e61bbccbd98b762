import type { ReactNode } from 'react';
import { Stack, Tabs } from '@mantine/core';
import {
  IconClockHour4,
  IconInbox,
  IconMessageCircleBolt,
  IconMoodSmile,
  IconPlugConnected,
  IconTagStarred,
  IconUsersGroup,
  IconBuildingStore,
  IconVariable,
  IconSparkles,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccLink } from '../../app/shell/use-acc-link';
import { PageHeader } from '../../ui/page-header';

export const SETTINGS_TABS = [
  'channels',
  'hours',
  'reasons',
  'inbox',
  'distribution',
  'surveys',
  'departments',
  'entities',
  'ai',
] as const;
export type TSettingsTab = (typeof SETTINGS_TABS)[number] | 'autoMessages';

const ICONS = {
  channels: IconPlugConnected,
  hours: IconClockHour4,
  reasons: IconTagStarred,
  inbox: IconInbox,
  distribution: IconUsersGroup,
  surveys: IconMoodSmile,
  departments: IconBuildingStore,
  entities: IconVariable,
  ai: IconSparkles,
  autoMessages: IconMessageCircleBolt,
} as const;

export function isSettingsTab(value: string | null): value is (typeof SETTINGS_TABS)[number] {
  return (SETTINGS_TABS as readonly string[]).includes(value ?? '');
}

/** The settings frame: title and the tabs (kept in the URL: /settings?tab=…, /settings/autoMessages). */
export function SettingsLayout({ active, children }: { active: TSettingsTab; children: ReactNode }) {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const link = useAccLink();
  const tabs: TSettingsTab[] = [...SETTINGS_TABS, 'autoMessages'];
  const go = (value: string | null) => {
    if (!value || value === active) return;
    navigate(link(value === 'autoMessages' ? '/settings/autoMessages' : `/settings?tab=${value}`));
  };
  return (
    <Stack gap={0}>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <Tabs value={active} onChange={go} keepMounted={false}>
        <Tabs.List mb="lg">
          {tabs.map((tab) => {
            const Icon = ICONS[tab];
            return (
              <Tabs.Tab key={tab} value={tab} leftSection={<Icon size={16} />}>
                {t(`tabs.${tab}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab} value={tab}>
            {tab === active ? children : null}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
