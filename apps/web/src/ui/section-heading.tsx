import type { ReactNode } from 'react';
import { Card, Group, Text, Title } from '@mantine/core';

/** A section's title (h2) and description, with its actions on the right. */
export function SectionHeading({
  title,
  description,
  actions,
  align = 'flex-start',
  maw = 620,
  mb,
}: {
  title: string;
  description: string;
  actions?: ReactNode;
  align?: 'flex-start' | 'flex-end';
  maw?: number;
  mb?: 'md';
}) {
  return (
    <Group justify="space-between" align={align} mb={mb} wrap="wrap">
      <div>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text c="dimmed" fz="sm" maw={maw}>
          {description}
        </Text>
      </div>
      {actions}
    </Group>
  );
}

/** A settings card: its title (h2) and description above its fields. */
export function FormCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card padding="lg">
      <Title order={2} fz="lg" mb={4}>
        {title}
      </Title>
      <Text c="dimmed" fz="sm" mb="md">
        {description}
      </Text>
      {children}
    </Card>
  );
}
