import { Group, Text } from '@mantine/core';

/** Product mark; `withText` shows the product name next to it. */
export function Logo({
  withText = true,
  size = 32,
  name,
  inverted = false,
}: {
  withText?: boolean;
  size?: number;
  name: string;
  inverted?: boolean;
}) {
  return (
    <Group gap={10} wrap="nowrap" aria-label={withText ? undefined : name}>
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
        <rect
          width="64"
          height="64"
          rx="16"
          fill={inverted ? 'rgba(255,255,255,0.18)' : 'var(--mantine-color-brand-7)'}
        />
        <path d="M18 22a6 6 0 0 1 6-6h16a6 6 0 0 1 6 6v12a6 6 0 0 1-6 6H29l-8 7v-7h-3z" fill="#fff" />
        <circle cx="27" cy="28" r="2.5" fill="var(--mantine-color-brand-7)" />
        <circle cx="37" cy="28" r="2.5" fill="var(--mantine-color-brand-7)" />
      </svg>
      {withText && (
        <Text
          fw={750}
          fz={size * 0.62}
          lh={1}
          c={inverted ? 'white' : 'dark.8'}
          style={{ letterSpacing: '-0.02em' }}
        >
          {name}
        </Text>
      )}
    </Group>
  );
}
