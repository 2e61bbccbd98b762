import { Box, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Logo } from './logo';

/** Split sign-in layout: brand panel (hidden on small screens) and the form card. */
export function AuthShell({
  brandName,
  tagline,
  points,
  corner,
  title,
  subtitle,
  children,
  footer,
  width = 440,
}: {
  brandName: string;
  tagline: string;
  points: string[];
  corner?: ReactNode;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
}) {
  return (
    <Box mih="100vh" style={{ display: 'flex' }}>
      <Box
        visibleFrom="md"
        w="42%"
        p={56}
        c="white"
        style={{
          background:
            'radial-gradient(circle at 20% 10%, rgba(255,255,255,0.14), transparent 40%), linear-gradient(155deg, var(--mantine-color-brand-8), #0a3d4a 85%)',
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'space-between',
        }}
      >
        <Logo name={brandName} inverted />
        <Stack gap="xl" maw={420}>
          <Title order={2} fz={34} lh={1.2} c="white">
            {tagline}
          </Title>
          <List
            spacing="md"
            icon={
              <ThemeIcon size={24} radius="xl" color="white" variant="white">
                <IconCheck size={14} color="var(--mantine-color-brand-8)" />
              </ThemeIcon>
            }
          >
            {points.map((point) => (
              <List.Item key={point}>
                <Text c="white" fz="md" opacity={0.92}>
                  {point}
                </Text>
              </List.Item>
            ))}
          </List>
        </Stack>
        <Box />
      </Box>
      <Box component="main" style={{ flex: 1, display: 'flex', flexDirection: 'column' }} bg="gray.0">
        <Group justify="space-between" p="md">
          <Box hiddenFrom="md">
            <Logo name={brandName} size={28} />
          </Box>
          <Box ml="auto">{corner}</Box>
        </Group>
        <Box
          style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
          px="md"
          pb={48}
        >
          <Paper w="100%" maw={width} p={{ base: 'lg', sm: 36 }} shadow="sm" withBorder>
            <Stack gap={6} mb="lg">
              <Title order={1} fz={24}>
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" fz="sm">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Paper>
        </Box>
        {footer && (
          <Box pb="lg" ta="center">
            {footer}
          </Box>
        )}
      </Box>
    </Box>
  );
}
