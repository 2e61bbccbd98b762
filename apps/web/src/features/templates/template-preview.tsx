import { Box, Divider, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconPhone, IconArrowBackUp } from '@tabler/icons-react';
import { renderTemplateText } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import type { TTemplateValues } from './template-values';

const BUTTON_ICON = { QUICK_REPLY: IconArrowBackUp, URL: IconExternalLink, PHONE_NUMBER: IconPhone } as const;

/** How the customer sees the message on WhatsApp, with the example values filled in. */
export function TemplatePreview({ values }: { values: TTemplateValues }) {
  const { t } = useTranslation('templates');
  const header = renderTemplateText(values.header, values.examples.header.filter(Boolean));
  const body = renderTemplateText(
    values.body,
    values.examples.body.map((v, i) => v || `{{${i + 1}}}`),
  );
  return (
    <Box p="md" style={{ background: '#efeae2', borderRadius: 12 }} data-testid="template-preview">
      <Text fz="xs" c="dimmed" mb={6}>
        {t('preview')}
      </Text>
      <Paper p="sm" radius="md" shadow="xs" maw={320} bg="white">
        <Stack gap={4}>
          {header && (
            <Text fw={700} fz="sm">
              {header}
            </Text>
          )}
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {body || t('previewEmpty')}
          </Text>
          {values.footer && (
            <Text fz="xs" c="dimmed">
              {values.footer}
            </Text>
          )}
        </Stack>
        {values.buttons.length > 0 && (
          <Stack gap={0} mt="xs">
            {values.buttons.map((b, i) => {
              const Icon = BUTTON_ICON[b.type];
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: buttons are edited by position
                <Box key={i}>
                  <Divider />
                  <Text fz="sm" c="blue.8" ta="center" py={6}>
                    <Icon size={14} style={{ verticalAlign: -2 }} aria-hidden />{' '}
                    {b.text || t('buttons.untitled')}
                  </Text>
                </Box>
              );
            })}
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
