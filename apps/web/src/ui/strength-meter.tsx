import { Box, Group, Text } from '@mantine/core';

const COLORS = ['red.7', 'orange.6', 'yellow.6', 'lime.6', 'green.7'];

/** Five-segment strength bar; `level` is 0..4 (-1: empty), `label` the translated level name. */
export function StrengthMeter({ level, label, caption }: { level: number; label: string; caption: string }) {
  return (
    <Box aria-live="polite">
      <Group gap={4} grow mb={6} aria-hidden="true">
        {COLORS.map((color, index) => (
          <Box
            key={color}
            h={6}
            style={{ borderRadius: 4 }}
            bg={level >= 0 && index <= level ? COLORS[level] : 'gray.2'}
          />
        ))}
      </Group>
      <Text fz="xs" c="dimmed">
        {caption}:{' '}
        <Text span fw={600} c="dark.6" fz="xs">
          {label}
        </Text>
      </Text>
    </Box>
  );
}
