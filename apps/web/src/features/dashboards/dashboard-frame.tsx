import { Stack } from '@mantine/core';
import type { TDashboardPeriod } from '@atende/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardSkeleton } from '../../ui/card-skeleton';
import { LoadError } from '../../ui/load-error';
import { PageHeader } from '../../ui/page-header';
import { DashboardTabs, DataNotice } from './dashboard-parts';
import type { TDashboardRange } from './dashboards-api';
import { DateFilter } from './date-filter';

/** A dashboard page: title, date filter, tabs, the D-1 notice, then its figures once loaded. */
export function DashboardFrame<T extends { period: TDashboardPeriod }>({
  titleKey,
  query,
  range,
  onRange,
  children,
}: {
  titleKey: string;
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  range: TDashboardRange;
  onRange: (next: TDashboardRange) => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const data = query.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title={t(`${titleKey}.title`)}
        description={t(`${titleKey}.subtitle`)}
        actions={
          <DateFilter
            range={range}
            onChange={onRange}
            yesterday={data?.period.dataThrough ?? data?.period.to ?? ''}
          />
        }
      />
      <DashboardTabs />
      {query.isPending ? (
        <CardSkeleton rows={6} />
      ) : query.isError || !data ? (
        <LoadError error={query.error} />
      ) : (
        <>
          <DataNotice period={data.period} />
          {children(data)}
        </>
      )}
    </Stack>
  );
}
