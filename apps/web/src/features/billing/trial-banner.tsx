import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { hasRole } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { currentRole, useSession } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { trialInfo } from './trial';

/** Banner with the trial days left (spec §4 trial rule), on every main page except the plans pages. */
export function TrialBanner() {
  const { t } = useTranslation('billing');
  const session = useSession();
  const link = useAccLink();
  const { pathname } = useLocation();
  const info = trialInfo(session.account);
  if (!info.active || pathname === '/blocked') return null;
  const admin = hasRole(currentRole(session), 'admin');
  return (
    <Alert
      variant="light"
      color="brand"
      radius="md"
      mb="lg"
      icon={<IconClockHour4 size={18} />}
      data-testid="trial-banner"
    >
      <Group justify="space-between" gap="xs">
        <Text fz="sm">
          {t('trialBanner.text', { count: info.days, plan: t(`plans.${info.planId}.name`) })}
        </Text>
        {admin && !pathname.startsWith('/plans') && (
          <Anchor component={Link} to={link('/plans')} fz="sm" fw={700} c="brand.9" underline="always">
            {t('trialBanner.cta')}
          </Anchor>
        )}
      </Group>
    </Alert>
  );
}
