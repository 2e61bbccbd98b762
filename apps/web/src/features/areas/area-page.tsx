import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingFactory2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteDef } from '../../app/route-gate';
import { useAccLink } from '../../app/shell/use-acc-link';
import { PageHeader } from '../../ui/page-header';

/** Frame of an area whose pages are built by a later issue: its title and a short note. */
export function AreaPage() {
  const { t } = useTranslation('areas');
  const def = useRouteDef();
  const link = useAccLink();
  const name = def?.name ?? 'unknown';
  const blank = def?.layout === 'blank';
  return (
    <Stack p={blank ? 'xl' : 0} maw={blank ? 1100 : undefined} mx={blank ? 'auto' : undefined}>
      <PageHeader
        title={t(`titles.${name}`, { defaultValue: t('titles.unknown') })}
        description={t('building.subtitle')}
      />
      <Paper withBorder p={{ base: 'lg', sm: 40 }} data-testid="area-frame">
        <Stack align="center" ta="center" gap="sm" py="xl">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconBuildingFactory2 size={28} />
          </ThemeIcon>
          <Title order={2} fz="lg">
            {t('building.title')}
          </Title>
          <Text c="dimmed" maw={460}>
            {t('building.description')}
          </Text>
          <Button component={Link} to={link('/dashboard')} variant="light" mt="sm">
            {t('building.back')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
