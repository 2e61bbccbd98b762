import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Stack, Stepper } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { TCampaignType } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { useAcc, useSession } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { PageHeader } from '../../ui/page-header';
import {
  campaignsKey,
  saveCampaign,
  startCampaign,
  useApprovedTemplates,
  useCampaignChannels,
  useCampaignReview,
} from './campaigns-api';
import { WizardContactsStep } from './wizard-contacts-step';
import { WizardDataStep } from './wizard-data-step';
import { WizardMessageStep } from './wizard-message-step';
import { WizardReviewStep } from './wizard-review-step';
import { bodyOf, useWizardDraft, variableCount } from './wizard-state';

/**
 * /apps/campaigns/new (WhatsApp) and /apps/campaigns/sms/new (SMS), operators and up: the spec's
 * four steps — choose template (or the SMS text), campaign data, contacts data, review and send.
 * The draft is saved on the server when the campaign data step is left.
 */
export function CampaignWizard({ type }: { type: TCampaignType }) {
  const { t } = useTranslation('campaigns');
  const tv = useTranslation('validation').t;
  const acc = useAcc();
  const session = useSession();
  const link = useAccLink();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [draft, patch] = useWizardDraft(type);
  const [step, setStep] = useState(0);
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [columns, setColumns] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const channels = useCampaignChannels(acc);
  const kind = type === 'sms' ? 'sms' : 'whatsapp-cloud';
  const mine = (channels.data ?? []).filter((c) => c.kind === kind);
  const templates = useApprovedTemplates(acc, type === 'whatsapp' ? draft.channelId : null);
  const template = templates.data?.items.find((x) => x._id === draft.templateId);
  const variables = variableCount(draft, template);
  const review = useCampaignReview(acc, campaignId, step === 3);
  const timezone = session.account?.acc.timezone ?? 'America/Sao_Paulo';

  const required = tv('required');
  const checkStep = (): boolean => {
    const next: Record<string, string> = {};
    if (step === 0) {
      if (!draft.channelId) next.channelId = tv('selectRequired');
      if (type === 'whatsapp' && !draft.templateId) next.templateId = tv('selectRequired');
      if (type === 'sms' && !draft.text.trim()) next.text = tv('messageEmpty');
    }
    if (step === 1) {
      if (!draft.name.trim()) next.name = required;
      if (draft.when === 'later' && !draft.scheduledAt) next.scheduledAt = required;
      if (
        Boolean(draft.windowStart) !== Boolean(draft.windowEnd) ||
        (draft.windowStart && draft.windowEnd <= draft.windowStart)
      )
        next.window = tv('hoursRange');
    }
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const save = async () => {
    const saved = await saveCampaign(acc, campaignId, bodyOf(draft, variables));
    setCampaignId(saved._id);
    return saved;
  };

  const next = async () => {
    if (!checkStep()) return;
    setFailure(null);
    if (step === 0) return setStep(1);
    setBusy(true);
    try {
      await save();
      await queryClient.invalidateQueries({ queryKey: campaignsKey(acc) });
      setStep(step + 1);
    } catch (error) {
      setFailure(errorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    if (!campaignId) return;
    if (!consent) {
      setConsentError(t('errors:CAMPAIGN_CONSENT_REQUIRED'));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await save();
      const started = await startCampaign(acc, campaignId, true);
      notify({ color: 'green', message: (t) => t('campaigns:wizard.saved') });
      await queryClient.invalidateQueries({ queryKey: campaignsKey(acc) });
      navigate(link(`/apps/campaigns/${started._id}`));
    } catch (error) {
      setFailure(errorText(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={link('/apps/campaigns')} fz="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('detail.back')}
        </Group>
      </Anchor>
      <PageHeader title={type === 'sms' ? t('wizard.titleSms') : t('wizard.titleWhatsapp')} />
      <Card padding="lg">
        <Stepper
          active={step}
          onStepClick={(target) => target < step && setStep(target)}
          size="sm"
          allowNextStepsSelect={false}
        >
          <Stepper.Step label={type === 'sms' ? t('wizard.stepMessage') : t('wizard.stepTemplate')}>
            <WizardMessageStep
              draft={draft}
              patch={patch}
              channels={mine}
              templates={templates.data?.items}
              errors={errors}
            />
          </Stepper.Step>
          <Stepper.Step label={t('wizard.stepData')}>
            <WizardDataStep draft={draft} patch={patch} timezone={timezone} errors={errors} />
          </Stepper.Step>
          <Stepper.Step label={t('wizard.stepContacts')}>
            {campaignId && (
              <WizardContactsStep
                acc={acc}
                campaignId={campaignId}
                draft={draft}
                patch={patch}
                variables={variables}
                columns={columns}
                onColumns={setColumns}
              />
            )}
          </Stepper.Step>
          <Stepper.Step label={t('wizard.stepReview')}>
            <WizardReviewStep
              type={type}
              review={review}
              consent={consent}
              onConsent={(v) => {
                setConsent(v);
                setConsentError(null);
              }}
              consentError={consentError}
            />
          </Stepper.Step>
        </Stepper>
        {failure && (
          <Alert color="red" mt="md" data-testid="wizard-failure">
            {failure}
          </Alert>
        )}
        <Group justify="space-between" mt="xl">
          <Button variant="default" disabled={step === 0 || busy} onClick={() => setStep(step - 1)}>
            {t('wizard.back')}
          </Button>
          {step < 3 ? (
            <Button onClick={next} loading={busy} data-testid="wizard-next">
              {t('wizard.next')}
            </Button>
          ) : (
            <Button onClick={send} loading={busy} data-testid="wizard-send">
              {draft.when === 'later' ? t('wizard.schedule') : t('wizard.send')}
            </Button>
          )}
        </Group>
      </Card>
    </Stack>
  );
}

export function CampaignNewPage() {
  return <CampaignWizard type="whatsapp" />;
}

export function CampaignSmsNewPage() {
  return <CampaignWizard type="sms" />;
}
