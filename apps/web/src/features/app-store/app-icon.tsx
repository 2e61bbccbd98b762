import { ThemeIcon } from '@mantine/core';
import {
  IconApps,
  IconBell,
  IconBuildingBank,
  IconLayoutDashboard,
  IconSparkles,
  IconWebhook,
} from '@tabler/icons-react';

const ICONS = {
  webhook: IconWebhook,
  bell: IconBell,
  'building-bank': IconBuildingBank,
  sparkles: IconSparkles,
  'layout-dashboard': IconLayoutDashboard,
} as const;

/** An app's icon (its manifest names a Tabler icon). */
export function AppIcon({ icon, size = 44 }: { icon: string; size?: number }) {
  const Icon = ICONS[icon as keyof typeof ICONS] ?? IconApps;
  return (
    <ThemeIcon size={size} radius="md" variant="light">
      <Icon size={size * 0.55} aria-hidden />
    </ThemeIcon>
  );
}
