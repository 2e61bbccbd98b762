import { useState } from 'react';
import { Badge, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { TChatbot, TChatbotVersion } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/format';
import { useAcc } from '../../../app/session';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { EmptyNote } from '../../../ui/empty-state';
import { LoadError } from '../../../ui/load-error';
import { useChatbotVersions } from '../chatbots-api';

/** The published versions (who, when, what changed) and one-click rollback of the draft to one. */
export function VersionsDrawer({
  opened,
  onClose,
  chatbot,
  onRollback,
}: {
  opened: boolean;
  onClose: () => void;
  chatbot: TChatbot;
  onRollback: (version: number) => Promise<void>;
}) {
  const { t, i18n } = useTranslation('chatbots');
  const versions = useChatbotVersions(useAcc(), chatbot._id, opened);
  const [asking, setAsking] = useState<TChatbotVersion | null>(null);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={380}
      title={t('versions.title')}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {versions.isError ? (
        <LoadError error={versions.error} />
      ) : versions.data?.length === 0 ? (
        <EmptyNote
          testId="versions-empty"
          icon={<IconHistory size={32} color="var(--mantine-color-gray-5)" aria-hidden />}
          title={t('versions.emptyTitle')}
          text={t('versions.empty')}
          maw={300}
        />
      ) : (
        <Stack gap="sm" data-testid="versions-list">
          {(versions.data ?? []).map((v) => (
            <Stack
              key={v.version}
              gap={2}
              p="sm"
              bg="gray.0"
              style={{ borderRadius: 8 }}
              data-testid="version-row"
            >
              <Group justify="space-between">
                <Group gap={6}>
                  <Text fw={650} fz="sm">
                    {t('versions.version', { n: v.version })}
                  </Text>
                  {v.version === chatbot.publishedVersion && chatbot.status === 'published' && (
                    <Badge size="xs" color="green" variant="light">
                      {t('versions.live')}
                    </Badge>
                  )}
                </Group>
                <Button size="compact-xs" variant="light" onClick={() => setAsking(v)}>
                  {t('versions.rollback')}
                </Button>
              </Group>
              <Text fz="xs" c="dimmed">
                {t('versions.by', {
                  date: formatDate(v.publishedAt, i18n.language, true),
                  name: v.publishedBy?.name ?? t('versions.someone'),
                })}
              </Text>
              <Text fz="xs">
                {t('versions.summary', {
                  added: v.summary.added,
                  removed: v.summary.removed,
                  changed: v.summary.changed,
                })}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={asking !== null}
        title={t('versions.rollbackTitle')}
        message={t('versions.rollbackConfirm', { n: asking?.version })}
        confirm={t('versions.rollback')}
        onClose={() => setAsking(null)}
        onConfirm={async () => {
          if (!asking) return;
          await onRollback(asking.version);
          setAsking(null);
          onClose();
        }}
      />
    </Drawer>
  );
}
