import type { ReactNode } from 'react';
import { Card, Center, Stack, Text } from '@mantine/core';

/** A page's list when it has nothing yet, in a card of its own: icon, title, text and what to do. */
export function EmptyCard({
  testId,
  icon,
  title,
  text,
  action,
  maw,
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
  maw: number;
}) {
  return (
    <Card padding="xl" data-testid={testId}>
      <Center>
        <Stack align="center" gap="xs" maw={maw}>
          {icon}
          <Text fw={650}>{title}</Text>
          <Text c="dimmed" fz="sm" ta="center">
            {text}
          </Text>
          {action}
        </Stack>
      </Center>
    </Card>
  );
}

/** An empty list inside a card: icon, title and text. */
export function EmptyNote({
  testId,
  icon,
  title,
  text,
  maw,
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  text: string;
  maw: number;
}) {
  return (
    <Center py="xl" data-testid={testId}>
      <Stack align="center" gap={6}>
        {icon}
        <Text fw={600}>{title}</Text>
        <Text c="dimmed" fz="sm" ta="center" maw={maw}>
          {text}
        </Text>
      </Stack>
    </Center>
  );
}
