import { Alert, Anchor, Card, Select, Stack, Text, Textarea } from '@mantine/core';
import type { TChannelSummary, TTemplate } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccLink } from '../../app/shell/use-acc-link';
import { smsSegmentsOf } from './sms-segments';
import type { TWizardDraft } from './wizard-state';

/** Step 1: the sending channel and the approved template (WhatsApp) or the SMS text. */
export function WizardMessageStep({
  draft,
  patch,
  channels,
  templates,
  errors,
}: {
  draft: TWizardDraft;
  patch: (next: Partial<TWizardDraft>) => void;
  channels: TChannelSummary[];
  templates: TTemplate[] | undefined;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('campaigns');
  const link = useAccLink();
  const template = templates?.find((x) => x._id === draft.templateId);
  const segments = smsSegmentsOf(draft.text);
  return (
    <Stack maw={640}>
      {channels.length === 0 && (
        <Alert color="yellow" data-testid="wizard-no-channels">
          <Text fz="sm">
            {t(draft.type === 'sms' ? 'wizard.noChannelsSms' : 'wizard.noChannelsWhatsapp')}
          </Text>
          <Anchor component={Link} to={link('/settings?tab=channels')} fz="sm" fw={600}>
            {t('wizard.connectChannel')}
          </Anchor>
        </Alert>
      )}
      <Select
        label={t('wizard.channel')}
        placeholder={t('wizard.channelPlaceholder')}
        data={channels.map((c) => ({ value: c._id, label: `${c.name} (${c.address})` }))}
        value={draft.channelId}
        onChange={(v) => patch({ channelId: v, templateId: null })}
        error={errors.channelId}
        required
        data-testid="wizard-channel"
      />
      {draft.type === 'whatsapp' ? (
        <>
          <Select
            label={t('wizard.template')}
            placeholder={t('wizard.templatePlaceholder')}
            data={(templates ?? []).map((x) => ({ value: x._id, label: `${x.name} (${x.language})` }))}
            value={draft.templateId}
            onChange={(v) => patch({ templateId: v, mapping: [] })}
            disabled={!draft.channelId}
            error={errors.templateId}
            required
            searchable
            data-testid="wizard-template"
          />
          {draft.channelId && templates && templates.length === 0 && (
            <Text c="dimmed">{t('wizard.noTemplates')}</Text>
          )}
          {template && (
            <Card withBorder bg="var(--mantine-color-green-0)" data-testid="wizard-template-preview">
              {template.header && <Text fw={700}>{template.header}</Text>}
              <Text style={{ whiteSpace: 'pre-wrap' }}>{template.body}</Text>
              {template.footer && (
                <Text fz="xs" c="dimmed">
                  {template.footer}
                </Text>
              )}
            </Card>
          )}
        </>
      ) : (
        <Textarea
          label={t('wizard.smsText')}
          description={t('wizard.smsTextHelp')}
          autosize
          minRows={4}
          value={draft.text}
          onChange={(e) => patch({ text: e.currentTarget.value })}
          error={errors.text}
          required
          data-testid="wizard-sms-text"
          rightSectionWidth={0}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
        />
      )}
      {draft.type === 'sms' && (
        <Text fz="sm" c="dimmed" data-testid="wizard-segments">
          {t('wizard.segments', { count: segments.segments, chars: segments.units })}
        </Text>
      )}
    </Stack>
  );
}
