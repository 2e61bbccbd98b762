import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { templateSendVariables } from '@atende/shared';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api-client';
import { errorText, validationText } from '../../../app/i18n';
import { notify } from '../../../app/notify';
import { useTemplates } from '../../templates/templates-api';
import { TemplateFields } from './template-fields';
import { newClientId } from './use-sender';

export interface TTemplateSend {
  clientId: string;
  templateId: string;
  variables: string[];
}

interface TErrors {
  template?: string;
  variables: Array<string | undefined>;
}

const NO_ERRORS: TErrors = { variables: [] };

/**
 * The template picker of a WhatsApp conversation: an approved template of the conversation's
 * channel, its variables (header's then body's, all required) and a live preview. A refusal keeps the dialog open with
 * the server's reason (toast) and the fields it points at; a retry of the same template and values
 * reuses the client id, so a send that did reach the server is stored once.
 */
export function TemplateDialog({
  acc,
  channelId,
  opened,
  onClose,
  onSend,
}: {
  acc: string;
  channelId: string;
  opened: boolean;
  onClose: () => void;
  onSend: (input: TTemplateSend) => Promise<unknown>;
}) {
  const { t } = useTranslation('inbox');
  const templates = useTemplates(acc, { channelId, status: 'approved' }, opened && Boolean(channelId));
  const list = templates.data?.items ?? [];
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [variables, setVariables] = useState<string[]>([]);
  const [errors, setErrors] = useState<TErrors>(NO_ERRORS);
  const sending = useMutation({ mutationFn: onSend });
  const busy = sending.isPending;
  const attempt = useRef<{ key: string; clientId: string } | null>(null);
  const template = list.find((tpl) => tpl._id === templateId);

  // Each opening starts with no template picked; the last one stays while the dialog fades out.
  useEffect(() => {
    if (!opened) return;
    setTemplateId(null);
    setVariables([]);
    setErrors(NO_ERRORS);
    attempt.current = null;
  }, [opened]);

  const close = () => {
    if (busy) return;
    onClose();
  };

  const serverErrors = (error: ApiError): TErrors => {
    const next: TErrors = { variables: [] };
    for (const f of error.fields) {
      const text = validationText(t, f.key) || f.message;
      const at = /^variables\.(\d+)$/.exec(f.path);
      if (at) next.variables[Number(at[1])] = text;
      else next.template = text;
    }
    return next;
  };

  const submit = () => {
    const values = (template ? templateSendVariables(template) : []).map((_, i) =>
      (variables[i] ?? '').trim(),
    );
    const next: TErrors = {
      template: template ? undefined : t('validation:selectRequired'),
      variables: values.map((v) => (v ? undefined : t('validation:required'))),
    };
    setErrors(next);
    if (!template || next.template || next.variables.some(Boolean)) return;
    const key = JSON.stringify([template._id, values]);
    if (attempt.current?.key !== key) attempt.current = { key, clientId: newClientId() };
    sending.mutate(
      { clientId: attempt.current.clientId, templateId: template._id, variables: values },
      {
        onSuccess: () => {
          attempt.current = null;
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields.length) setErrors(serverErrors(error));
          notify({
            color: 'red',
            title: (t) => t('inbox:message.notSent'),
            message: (t) => errorText(t, error),
          });
        },
      },
    );
  };

  const empty = !templates.isPending && list.length === 0;
  return (
    <Modal opened={opened} onClose={close} title={t('templateDialog.title')} size="lg" centered>
      <Stack gap="md" data-testid="template-dialog">
        <Text fz="sm" c="dimmed">
          {t('templateDialog.description')}
        </Text>
        <TemplateFields
          templates={list}
          loading={templates.isPending}
          templateId={templateId}
          onTemplate={(id) => {
            setTemplateId(id);
            setErrors(NO_ERRORS);
          }}
          variables={variables}
          onVariables={(values) => {
            setVariables(values);
            setErrors((e) => ({ ...e, variables: [] }));
          }}
          error={errors.template}
          variableErrors={errors.variables}
          emptyText={t('templateDialog.noTemplates')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            {t('common:cancel')}
          </Button>
          {!empty && (
            <Button onClick={submit} loading={busy} rightSection={<IconSend size={16} />}>
              {t('templateDialog.send')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
