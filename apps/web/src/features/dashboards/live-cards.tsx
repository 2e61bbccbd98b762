import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconClockHour4, IconMessages, IconUserCheck, IconUsers } from '@tabler/icons-react';
import type { TDashboardMain } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../app/format';

/** "Today so far": the queue and the team as they are now (live queries, refreshed every minute). */
export function LiveCards({ live }: { live: TDashboardMain['live'] }) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const cards = [
    { key: 'waiting', icon: IconClockHour4, value: live.waiting, color: 'orange' },
    { key: 'attendance', icon: IconMessages, value: live.attendance, color: 'brand' },
    { key: 'mine', icon: IconUserCheck, value: live.mine, color: 'teal' },
    { key: 'operatorsOnline', icon: IconUsers, value: live.operatorsOnline, color: 'green' },
  ] as const;
  return (
    <div>
      <Text fw={650} mb="xs">
        {t('live.title')}
      </Text>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" data-testid="live-cards">
        {cards.map(({ key, icon: Icon, value, color }) => (
          <Card key={key} padding="md" data-testid={`live-${key}`}>
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" color={color} size={36} radius="md">
                <Icon size={18} />
              </ThemeIcon>
              <div>
                <Text fz={22} fw={700} lh={1.1}>
                  {formatNumber(value, lang)}
                </Text>
                <Text fz="xs" c="dimmed">
                  {t(`live.${key}`)}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </div>
  );
}
