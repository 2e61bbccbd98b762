import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, SegmentedControl, Select, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMessageCircle, IconSend } from '@tabler/icons-react';
import { CONVERSATION_LIMITS, hasRole, type TContact, templateSendVariables } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../app/api-client';
import { errorText } from '../../../app/i18n';
import { currentRole, useSession, useAcc } from '../../../app/session';
import { useAccLink } from '../../../app/shell/use-acc-link';
import { PageHeader } from '../../../ui/page-header';
import { PageLoader } from '../../../ui/page-loader';
import { PhoneField } from '../../auth/account-fields';
import { withDefaultCountry } from '../../../app/format';
import { ContactPicker } from './contact-picker';
import { useTemplates } from '../../templates/templates-api';
import { useInboxData, useStartConversation } from '../data/inbox-api';
import { TemplateFields } from '../composer/template-fields';

/**
 * /apps/inbox/start-conversation: a contact (search) or a number (+55 by default), a WhatsApp or
 * SMS channel, an approved template (WhatsApp) or a text (SMS); started, it opens in the inbox.
 */
export function StartConversationPage() {
  const { t } = useTranslation('inbox');
  const session = useSession();
  const acc = useAcc();
  const manager = hasRole(currentRole(session), 'manager');
  const admin = hasRole(currentRole(session), 'admin');
  const link = useAccLink();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const data = useInboxData(acc);
  const [who, setWho] = useState<'contact' | 'number'>('contact');
  const [contact, setContact] = useState<TContact | null>(null);
  const [channelId, setChannelId] = useState<string | null>(params.get('channel'));
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [variables, setVariables] = useState<string[]>([]);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [variableErrors, setVariableErrors] = useState<Array<string | undefined>>([]);
  const form = useForm({ initialValues: { phone: '' } });
  const channels = (data.data?.channels ?? []).filter((c) => c.kind !== 'webchat' && c.status === 'active');
  const channel = channels.find((c) => c._id === channelId) ?? null;
  const whatsapp = channel?.kind === 'whatsapp-cloud';
  const templates = useTemplates(acc, { channelId: channel?._id, status: 'approved' }, whatsapp);

  const start = useStartConversation(acc, {
    onSuccess: (conversation) => navigate(link(`/apps/inbox?tab=attendance&c=${conversation._id}`)),
  });
  const startBody = () => ({
    channelId,
    ...(who === 'contact' ? { contactId: contact?._id } : { phone: withDefaultCountry(form.values.phone) }),
    ...(whatsapp ? { templateId, variables } : { text: text.trim() }),
  });

  if (data.isPending) return <PageLoader label={t('loading')} />;
  if (!manager && data.data?.inbox.blockStartConversation)
    return (
      <Alert color="red" title={t('start.title')}>
        {t('start.blocked')}
      </Alert>
    );

  const submit = () => {
    const next: Record<string, string> = {};
    if (who === 'contact' && !contact) next.contact = t('validation:selectRequired');
    if (who === 'number' && !form.values.phone.trim()) next.phone = t('validation:required');
    if (!channelId) next.channel = t('validation:selectRequired');
    if (whatsapp && !templateId) next.template = t('validation:selectRequired');
    if (channel && !whatsapp && !text.trim()) next.text = t('validation:messageEmpty');
    // Every variable of the template (header first, then body) is required.
    const template = whatsapp ? templates.data?.items.find((tpl) => tpl._id === templateId) : undefined;
    const missing = (template ? templateSendVariables(template) : []).map((_, i) =>
      (variables[i] ?? '').trim() ? undefined : t('validation:required'),
    );
    setErrors(next);
    setVariableErrors(missing);
    form.setErrors(next.phone ? { phone: next.phone } : {});
    if (Object.keys(next).length === 0 && !missing.some(Boolean)) start.mutate(startBody());
  };
  const code = start.error instanceof ApiError ? start.error.code : null;
  // ACTIVE_CONVERSATION_EXISTS names the open conversation when this member may open it.
  const existing = code === 'ACTIVE_CONVERSATION_EXISTS' ? openConversationOf(start.error as ApiError) : null;

  return (
    <Stack maw={640} gap="lg">
      <PageHeader title={t('start.title')} description={t('start.description')} />
      <Card p="lg">
        <Stack gap="md">
          <SegmentedControl
            value={who}
            onChange={(v) => setWho(v as 'contact' | 'number')}
            aria-label={t('start.who')}
            data={[
              { value: 'contact', label: t('start.existingContact') },
              { value: 'number', label: t('start.newNumber') },
            ]}
          />
          {who === 'contact' ? (
            <ContactPicker acc={acc} value={contact} onChange={setContact} error={errors.contact} />
          ) : (
            <PhoneField form={form} />
          )}
          <Select
            label={t('start.channel')}
            placeholder={t('start.channelPlaceholder')}
            required
            data={channels.map((c) => ({
              value: c._id,
              label: `${c.name} (${t(c.kind === 'sms' ? 'channels.sms' : 'channels.whatsapp')})`,
            }))}
            value={channelId}
            error={errors.channel}
            nothingFoundMessage={t('start.noChannels')}
            onChange={(id) => {
              setChannelId(id);
              setTemplateId(null);
              setVariables([]);
            }}
          />
          {channels.length === 0 && (
            <Alert color="gray" variant="light">
              {t('start.noChannels')}
            </Alert>
          )}
          {channel &&
            (whatsapp ? (
              <TemplateFields
                templates={templates.data?.items ?? []}
                loading={templates.isPending}
                templateId={templateId}
                onTemplate={setTemplateId}
                variables={variables}
                onVariables={(values) => {
                  setVariables(values);
                  setVariableErrors([]);
                }}
                error={errors.template}
                variableErrors={variableErrors}
              />
            ) : (
              <Textarea
                label={t('start.text')}
                required
                autosize
                minRows={3}
                maxLength={CONVERSATION_LIMITS.textMax}
                value={text}
                error={errors.text}
                onChange={(e) => setText(e.currentTarget.value)}
              />
            ))}
          {start.isError && (
            <Alert color="red" title={t('start.failed')} role="alert" data-testid="start-error">
              {errorText(t, start.error)}
              {existing && (
                <Button
                  component={Link}
                  to={link(`/apps/inbox?c=${existing}`)}
                  display="flex"
                  w="fit-content"
                  mt="xs"
                  size="xs"
                  color="red"
                  variant="light"
                  leftSection={<IconMessageCircle size={14} />}
                >
                  {t('start.openExisting')}
                </Button>
              )}
              {code === 'PLAN_QUOTA_REACHED' && admin && (
                <Anchor component={Link} to={link('/plans')} display="block" mt={6} fw={600}>
                  {t('start.seePlans')}
                </Anchor>
              )}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={link('/apps/inbox')}>
              {t('common:cancel')}
            </Button>
            <Button leftSection={<IconSend size={16} />} loading={start.isPending} onClick={submit}>
              {t('start.submit')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}

/** The id of the open conversation an ACTIVE_CONVERSATION_EXISTS refusal names (absent when not visible). */
function openConversationOf(error: ApiError): string | null {
  const id = error.details?.conversationId;
  return typeof id === 'string' ? id : null;
}
