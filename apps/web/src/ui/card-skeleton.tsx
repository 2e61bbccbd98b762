import { Card, Group, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Placeholder rows while a settings card loads. */
export function CardSkeleton({ rows = 4 }: { rows?: number }) {
  const { t } = useTranslation('common');
  return (
    <Card padding="lg" role="status" aria-busy="true" aria-label={t('loading')}>
      <Stack gap="md">
        <Skeleton height={18} width="40%" />
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Group key={i} gap="md" wrap="nowrap">
            <Skeleton height={32} circle />
            <Skeleton height={14} width={`${70 - i * 8}%`} />
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
