import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A centred status message (errors, blocked, restricted, ...). */
export function StatusPage({
  icon,
  code,
  title,
  description,
  actions,
  color = 'brand',
}: {
  icon: ReactNode;
  code?: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  color?: string;
}) {
  return (
    <Center mih="70vh" p="md">
      <Paper p={{ base: 'lg', sm: 48 }} maw={560} w="100%" withBorder shadow="xs">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light" color={color}>
            {icon}
          </ThemeIcon>
          {code && (
            <Text fz={13} fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.12em' }}>
              {code}
            </Text>
          )}
          <Title order={1} fz={24}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" fz="md">
              {description}
            </Text>
          )}
          {actions}
        </Stack>
      </Paper>
    </Center>
  );
}
