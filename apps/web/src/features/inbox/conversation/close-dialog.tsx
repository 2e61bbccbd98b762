import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core';
import { RESOLVED_REASON } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useClosingReasons } from '../../settings/settings-api';
import { useInbox } from '../inbox-context';

/** Lists open below their field, over the page (not clipped by the dialog and flipped over its header). */
export const DROPDOWN_BELOW = { position: 'bottom', middlewares: { flip: false, shift: true } } as const;

/**
 * Close with a closing reason and, when the reason has them, a sub-reason. The reason is required
 * when the account has reasons; without any, the conversation closes as 'Resolved'.
 */
export function CloseDialog({
  opened,
  contactName,
  busy,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  contactName: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: (body: { reason: string; subReason?: string }) => void;
}) {
  const { t } = useTranslation('inbox');
  const { acc } = useInbox();
  const reasons = useClosingReasons(acc);
  const [reason, setReason] = useState<string | null>(null);
  const [subReason, setSubReason] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setReason(null);
    setSubReason(null);
    setError(null);
  }, [opened]);

  const list = reasons.data ?? [];
  const chosen = list.find((r) => r.name === reason);
  const submit = () => {
    if (list.length > 0 && !reason) {
      setError(t('validation:selectRequired'));
      return;
    }
    onConfirm(
      list.length === 0
        ? { reason: RESOLVED_REASON }
        : { reason: reason!, ...(subReason ? { subReason } : {}) },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('close.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Stack gap="sm">
        <Text fz="sm">{t('close.text', { name: contactName })}</Text>
        {reasons.isPending ? (
          <Loader size="sm" aria-label={t('loading')} />
        ) : list.length === 0 ? (
          <Alert color="gray" variant="light">
            {t('close.noReasons')}
          </Alert>
        ) : (
          <>
            <Select
              label={t('close.reason')}
              placeholder={t('close.reasonPlaceholder')}
              required
              searchable
              data={list.map((r) => r.name)}
              value={reason}
              error={error}
              onChange={(v) => {
                setReason(v);
                setSubReason(null);
                setError(null);
              }}
              comboboxProps={DROPDOWN_BELOW}
            />
            {chosen && chosen.subReasons.length > 0 && (
              <Select
                label={t('close.subReason')}
                placeholder={t('close.subReasonPlaceholder')}
                clearable
                data={chosen.subReasons}
                value={subReason}
                onChange={setSubReason}
                comboboxProps={DROPDOWN_BELOW}
              />
            )}
          </>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button color="red.9" loading={busy} onClick={submit} disabled={reasons.isPending}>
            {t('close.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
