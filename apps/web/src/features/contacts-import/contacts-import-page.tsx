import '@mantine/dropzone/styles.css';
import { useState } from 'react';
import { Anchor, Box, Card, Group, Stack, Stepper } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TContactImport, TImportExistingChoice, TImportPreviewRow, TImportUpload } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession, useAcc } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { PageHeader } from '../../ui/page-header';
import { importsKey, previewImport, startImport, useImportHistory, useImportOptions } from './import-api';
import { isFinished } from './use-import-progress';
import { ImportHistory } from './import-history';
import { ImportOptions, type TImportExtras } from './import-options';
import { initialDraft, toMapping, type TMappingDraft } from './mapping';
import { MappingStep } from './mapping-step';
import { PreviewStep } from './preview-step';
import { RunStep } from './run-step';
import { UploadStep } from './upload-step';

const RUN_STEP = 3;
const NO_EXTRAS: TImportExtras = { tags: [], phase: null };

/**
 * /apps/contacts/import: a CSV import wizard — upload, column mapping, preview of the first rows,
 * then the run with live progress, summary and error report — and the history of past imports.
 */
export function ContactsImportPage() {
  const { t } = useTranslation('contacts-import');
  const session = useSession();
  const acc = useAcc();
  const userId = session.user?._id ?? '';
  const accLink = useAccLink();
  const queryClient = useQueryClient();
  const { tags, phases } = useImportOptions(acc);
  const [step, setStep] = useState(0);
  const [upload, setUpload] = useState<TImportUpload | null>(null);
  const [draft, setDraft] = useState<TMappingDraft>([]);
  const [extras, setExtras] = useState<TImportExtras>(NO_EXTRAS);
  const [rows, setRows] = useState<TImportPreviewRow[]>([]);
  // Rows whose phone already has a contact: update it, or skip them (never a second contact).
  const [existing, setExisting] = useState<TImportExistingChoice>('update');
  const [running, setRunning] = useState<TContactImport | null>(null);

  const onUploaded = (next: TImportUpload) => {
    setUpload(next);
    setDraft(initialDraft(next.header, next.suggestedMapping));
    setStep(1);
  };
  const loadPreview = async (choice: TImportExistingChoice = existing) => {
    if (!upload) return;
    setRows(await previewImport(acc, upload._id, toMapping(upload.header, draft), choice));
    setStep(2);
  };
  const changeExisting = async (choice: TImportExistingChoice) => {
    setExisting(choice);
    await loadPreview(choice);
  };
  const start = async () => {
    if (!upload) return;
    const mapping = toMapping(upload.header, draft);
    setRunning(await startImport(acc, upload._id, { mapping, existing, ...extras }));
    setStep(RUN_STEP);
    void queryClient.invalidateQueries({ queryKey: importsKey(acc) });
  };
  const restart = () => {
    setUpload(null);
    setDraft([]);
    setExtras(NO_EXTRAS);
    setRows([]);
    setRunning(null);
    setStep(0);
  };
  const open = (imp: TContactImport) => {
    restart();
    setRunning(imp);
    setStep(RUN_STEP);
  };
  const canGoTo = (target: number) => step < RUN_STEP && target < step;
  // The run is the last step: done (checked) once the import has finished, as the history reports it.
  const history = useImportHistory(acc);
  const latest = running && (history.data ?? []).find((imp) => imp._id === running._id);
  const done = step === RUN_STEP && running !== null && isFinished((latest || running).status);

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={accLink('/apps/contacts')} fz="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('backToContacts')}
        </Group>
      </Anchor>
      <PageHeader title={t('title')} description={t('subtitle')} />
      <Card padding="lg">
        <Stepper
          active={done ? RUN_STEP + 1 : step}
          onStepClick={(target) => canGoTo(target) && setStep(target)}
          size="sm"
          allowNextStepsSelect={false}
        >
          <Stepper.Step
            label={t('steps.upload')}
            description={t('steps.uploadHint')}
            allowStepSelect={canGoTo(0)}
          >
            <UploadStep acc={acc} onUploaded={onUploaded} />
          </Stepper.Step>
          <Stepper.Step
            label={t('steps.mapping')}
            description={t('steps.mappingHint')}
            allowStepSelect={canGoTo(1)}
          >
            {upload && (
              <MappingStep
                header={upload.header}
                preview={upload.preview}
                draft={draft}
                onDraft={setDraft}
                options={<ImportOptions tags={tags} phases={phases} value={extras} onChange={setExtras} />}
                onBack={() => setStep(0)}
                onNext={() => loadPreview()}
              />
            )}
          </Stepper.Step>
          <Stepper.Step
            label={t('steps.preview')}
            description={t('steps.previewHint')}
            allowStepSelect={canGoTo(2)}
          >
            {upload && (
              <PreviewStep
                rows={rows}
                total={upload.total}
                existing={existing}
                onExistingChange={changeExisting}
                onBack={() => setStep(1)}
                onStart={start}
              />
            )}
          </Stepper.Step>
          <Stepper.Step label={t('steps.run')} description={t('steps.runHint')} allowStepSelect={false} />
        </Stepper>
        {/* Outside the stepper's content: it stays on screen once the last step is marked done. */}
        {step === RUN_STEP && running && (
          <Box pt="md">
            <RunStep key={running._id} acc={acc} userId={userId} initial={running} onNew={restart} />
          </Box>
        )}
      </Card>
      <ImportHistory acc={acc} onOpen={open} />
    </Stack>
  );
}
