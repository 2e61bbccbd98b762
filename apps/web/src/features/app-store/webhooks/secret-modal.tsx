import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { WEBHOOK_HEADERS } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useKeptWhileClosing } from '../../../ui/use-kept-while-closing';

/** The signing secret, shown once (after creating an endpoint or rotating its secret). */
export function SecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation('app-store');
  // Closing clears the secret: it stays on screen (and copyable) while the dialog fades out.
  const shown = useKeptWhileClosing(secret);
  return (
    <Modal
      opened={Boolean(secret)}
      onClose={onClose}
      centered
      size="lg"
      title={t('webhooks.secretTitle')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Stack gap="sm">
        <Alert color="yellow">{t('webhooks.secretOnce')}</Alert>
        <Group wrap="nowrap" gap="xs">
          <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid="webhook-secret">
            {shown}
          </Code>
          <CopyButton value={shown ?? ''}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy}>
                {copied ? t('copied') : t('copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text fz="sm" c="dimmed">
          {t('webhooks.signingHelp', {
            signature: WEBHOOK_HEADERS.signature,
            timestamp: WEBHOOK_HEADERS.timestamp,
          })}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('common:close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
