import { Avatar, Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { TChatPageBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';

/** Black or white, whichever reads better on `hex` (WCAG contrast). */
export function textOn(hex: string): '#ffffff' | '#1a1b1e' {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return '#ffffff';
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(m[1].slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const lum = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.0616 ? '#ffffff' : '#1a1b1e';
}

/** How the chat page looks with these settings (header, welcome text, a customer's message, the box). */
export function ChatPagePreview({ page, fallbackTitle }: { page: TChatPageBody; fallbackTitle: string }) {
  const { t } = useTranslation('chatbots');
  const title = page.title.trim() || fallbackTitle;
  const ink = textOn(page.colors.primary);
  return (
    <Paper
      withBorder
      radius="md"
      style={{ overflow: 'hidden' }}
      data-testid="chatpage-preview"
      aria-label={t('chatpage.preview')}
    >
      <Group gap="sm" p="sm" style={{ background: page.colors.primary, color: ink }} wrap="nowrap">
        <Avatar src={page.avatarUrl || null} radius="xl" size={36} color="white" alt="">
          {title.slice(0, 1).toUpperCase()}
        </Avatar>
        <Text fw={650} c={ink} truncate>
          {title}
        </Text>
      </Group>
      <Stack gap={8} p="sm" mih={220} style={{ background: page.colors.background }}>
        {page.welcomeText.trim() && (
          <Box maw="80%" px="sm" py={6} bg="gray.1" style={{ borderRadius: 12, alignSelf: 'flex-start' }}>
            <Text fz="sm" c="dark" style={{ whiteSpace: 'pre-wrap' }}>
              {page.welcomeText}
            </Text>
          </Box>
        )}
        <Box
          maw="80%"
          px="sm"
          py={6}
          style={{ borderRadius: 12, alignSelf: 'flex-end', background: page.colors.primary }}
        >
          <Text fz="sm" c={ink}>
            {t('chatpage.sampleMessage')}
          </Text>
        </Box>
      </Stack>
      <Box p="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Text fz="sm" c="dimmed">
          {t('chatpage.samplePlaceholder')}
        </Text>
      </Box>
    </Paper>
  );
}
