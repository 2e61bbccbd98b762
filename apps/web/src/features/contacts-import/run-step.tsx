import { useEffect } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TContactImport } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { useAccLink } from '../../app/shell/use-acc-link';
import { cancelImport, importsKey } from './import-api';
import { ImportErrorsTable } from './import-errors-table';
import { ImportProgress, ImportSummary } from './run-progress';
import { isFinished, useImportProgress } from './use-import-progress';

interface TRunStepProps {
  acc: string;
  userId: string;
  initial: TContactImport;
  onNew: () => void;
}

/** Step 4: live progress with cancel; at the end the summary, the refused rows and the report. */
export function RunStep({ acc, userId, initial, onNew }: TRunStepProps) {
  const { t } = useTranslation('contacts-import');
  const accLink = useAccLink();
  const queryClient = useQueryClient();
  const [imp, update] = useImportProgress(acc, userId, initial);
  const finished = isFinished(imp.status);

  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: importsKey(acc) });
  }, [finished, acc, queryClient]);

  const cancellation = useMutation({
    mutationFn: () => cancelImport(acc, imp._id),
    onSuccess: update,
    onError: (err) =>
      notify({ color: 'red', title: (t) => t('common:error'), message: (t) => errorText(t, err) }),
  });
  // Once cancelled the import's own status takes over; the button stays busy until then.
  const cancelling = cancellation.isPending || cancellation.isSuccess;
  const cancel = () => cancellation.mutate();

  return (
    <Stack gap="md">
      <ImportProgress imp={imp} />
      {!finished && (
        <Group justify="space-between">
          <Text fz="sm" c="dimmed">
            {cancelling ? t('run.cancelling') : t('run.workingHint')}
          </Text>
          <Button
            color="red.8"
            variant="light"
            leftSection={<IconPlayerStop size={16} />}
            onClick={cancel}
            loading={cancelling}
          >
            {t('run.cancel')}
          </Button>
        </Group>
      )}
      {finished && <ImportSummary imp={imp} />}
      {finished && imp.errors > 0 && <ImportErrorsTable acc={acc} imp={imp} />}
      {finished && (
        <Group justify="flex-end">
          <Button variant="default" onClick={onNew}>
            {t('run.new')}
          </Button>
          <Button component={Link} to={accLink('/apps/contacts')}>
            {t('run.viewContacts')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
