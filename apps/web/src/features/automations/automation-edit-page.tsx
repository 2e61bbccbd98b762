import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type TAutomationDryRun, ZAutomationBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useNavigate, useParams } from 'react-router';
import { formatDate } from '../../app/format';
import { serverFieldErrors, zodValidator } from '../../app/forms';
import { errorText } from '../../app/i18n';
import { notify } from '../../app/notify';
import { useAcc } from '../../app/session';
import { useAccLink } from '../../app/shell/use-acc-link';
import { CardSkeleton } from '../../ui/card-skeleton';
import { DataTable, DimmedCell } from '../../ui/data-table';
import { LoadError } from '../../ui/load-error';
import { PageHeader } from '../../ui/page-header';
import { usePhases, useTags } from '../contacts/contacts-api';
import { useDepartments } from '../departments/departments-api';
import { useInboxData } from '../inbox/data/inbox-api';
import { useClosingReasons } from '../settings/settings-api';
import {
  AutomationBuilder,
  EMPTY_DRAFT,
  type TAutomationDraft,
  type TBuilderOptions,
} from './automation-builder';
import {
  automationsKey,
  dryRunAutomation,
  saveAutomation,
  useAutomation,
  useAutomationRuns,
  useRecentConversations,
} from './automations-api';

const STATUS_COLOR: Record<string, string> = {
  fired: 'green',
  skipped: 'gray',
  error: 'red',
  waiting: 'blue',
};

/** The account's tags, phases, reasons, departments and operators as the builder's options. */
function useBuilderOptions(acc: string): TBuilderOptions {
  const tags = useTags(acc);
  const phases = usePhases(acc);
  const reasons = useClosingReasons(acc);
  const departments = useDepartments(acc);
  const inbox = useInboxData(acc);
  return useMemo(
    () => ({
      tags: (tags.data ?? []).map((x) => ({ value: x._id, label: x.name })),
      phases: (phases.data ?? []).map((x) => ({ value: x._id, label: x.name })),
      reasons: (reasons.data ?? []).map((x) => ({ value: x.name, label: x.name })),
      departments: (departments.data ?? []).map((x) => ({ value: x._id, label: x.name })),
      operators: (inbox.data?.operators ?? []).map((x) => ({ value: x.value, label: x.name })),
      channels: (inbox.data?.channels ?? []).map((x: { _id: string; name: string }) => ({
        value: x._id,
        label: x.name,
      })),
    }),
    [tags.data, phases.data, reasons.data, departments.data, inbox.data],
  );
}

/** /apps/new-automation and /apps/automation/:automation_id: the builder, then (once saved) the dry run and the log. */
export function AutomationEditPage() {
  const { t, i18n } = useTranslation('automations');
  const acc = useAcc();
  const link = useAccLink();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useParams().automation_id ?? null;
  const rule = useAutomation(acc, id);
  const options = useBuilderOptions(acc);
  const [draft, setDraft] = useState<TAutomationDraft | null>(id ? null : EMPTY_DRAFT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (rule.data && !draft)
      setDraft({
        name: rule.data.name,
        trigger: rule.data.trigger,
        conditions: rule.data.conditions,
        actions: rule.data.actions,
        active: rule.data.active,
        maxPerHour: rule.data.maxPerHour,
      });
  }, [rule.data, draft]);

  const validate = zodValidator<TAutomationDraft>(ZAutomationBody, t);

  const submit = async () => {
    if (!draft) return;
    const found = validate(draft);
    setErrors(found);
    setFailure(Object.keys(found).length ? t('validation:formErrors') : null);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const saved = await saveAutomation(acc, id, draft as never);
      await queryClient.invalidateQueries({ queryKey: automationsKey(acc) });
      notify({
        color: 'green',
        message: (t) => t(id ? 'automations:saved' : 'automations:created', { name: saved.name }),
      });
      if (!id) navigate(link(`/apps/automation/${saved._id}`));
    } catch (error) {
      const fields = serverFieldErrors(t, error);
      setErrors(fields);
      setFailure(Object.keys(fields).length ? t('validation:formErrors') : errorText(t, error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={id ? (rule.data?.name ?? t('editTitle')) : t('newTitle')}
        description={t('builder.sentence')}
        actions={
          <>
            <Button variant="default" onClick={() => navigate(link('/apps/automation'))}>
              {t('back')}
            </Button>
            <Button onClick={submit} loading={saving} data-testid="automation-save">
              {t('save')}
            </Button>
          </>
        }
      />
      {rule.data?.disabledReason && (
        <Alert color="orange" title={t('disabledTitle')} data-testid="automation-disabled">
          {i18n.exists(`automations:disabledReasons.${rule.data.disabledReason}`)
            ? `${t(`disabledReasons.${rule.data.disabledReason}`)}. ${t('disabledFix')}`
            : t('disabledText')}
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert" data-testid="automation-failure">
          {failure}
        </Alert>
      )}
      {id && rule.isError ? (
        <LoadError error={rule.error} />
      ) : !draft ? (
        <CardSkeleton rows={6} />
      ) : (
        <AutomationBuilder
          value={draft}
          onChange={(next) => {
            // A change answers the messages shown: they come back on the next save if still true.
            setDraft(next);
            if (Object.keys(errors).length) setErrors({});
            if (failure) setFailure(null);
          }}
          errors={errors}
          options={options}
        />
      )}
      {id && <DryRunCard acc={acc} id={id} />}
      {id && <RunLog acc={acc} id={id} lang={i18n.language} />}
    </Stack>
  );
}

function DryRunCard({ acc, id }: { acc: string; id: string }) {
  const { t } = useTranslation('automations');
  const conversations = useRecentConversations(acc, true);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [result, setResult] = useState<TAutomationDryRun | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const run = async () => {
    if (!conversationId) return;
    setRunning(true);
    setFailure(null);
    try {
      setResult(await dryRunAutomation(acc, id, conversationId));
    } catch (error) {
      setFailure(errorText(t, error));
    } finally {
      setRunning(false);
    }
  };
  return (
    <Card padding="lg" data-testid="dry-run">
      <Title order={2} fz="lg" mb={4}>
        {t('dryRun.title')}
      </Title>
      <Text c="dimmed" fz="sm" mb="sm">
        {t('dryRun.help')}
      </Text>
      <Group align="flex-end" gap="sm">
        <Select
          label={t('dryRun.conversation')}
          placeholder={t('builder.choose')}
          searchable
          data={(conversations.data ?? []).map((c) => ({
            value: c._id,
            label: `${c.contact.name} · ${t(`stages.${c.stage}`)}`,
          }))}
          value={conversationId}
          onChange={setConversationId}
          w={360}
        />
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          onClick={run}
          loading={running}
          disabled={!conversationId}
        >
          {t('dryRun.run')}
        </Button>
      </Group>
      {failure && (
        <Text c="red.9" fz="sm" mt="sm" role="alert">
          {failure}
        </Text>
      )}
      {result && (
        <Stack gap="xs" mt="md" data-testid="dry-run-result">
          <Text fw={600}>
            {result.matches ? t('dryRun.matches') : t('dryRun.noMatch')}
            {result.reason ? ` — ${t(`reasons.${result.reason}`)}` : ''}
          </Text>
          {result.conditions.map((c) => (
            <Text key={`${c.group}-${c.index}`} fz="sm">
              {c.ok ? '✓' : '✗'} {t(`fields.${c.field}`)}
            </Text>
          ))}
          {result.actions.map((a, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the actions' order is their identity
            <Text key={`${a.type}-${i}`} fz="sm">
              {i + 1}. {t(`actions.${a.type}`)}
              {a.detail ? `: ${a.detail}` : ''} ({t(`results.${a.status}`)})
            </Text>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function RunLog({ acc, id, lang }: { acc: string; id: string; lang: string }) {
  const { t } = useTranslation('automations');
  const runs = useAutomationRuns(acc, id);
  return (
    <Card padding={0} data-testid="run-log">
      <Title order={2} fz="lg" p="md" pb={0}>
        {t('log.title')}
      </Title>
      {runs.isError ? (
        <LoadError error={runs.error} />
      ) : !runs.data ? (
        <CardSkeleton rows={3} />
      ) : runs.data.length === 0 ? (
        <Text c="dimmed" fz="sm" p="md">
          {t('log.empty')}
        </Text>
      ) : (
        <DataTable
          testId="run-log-table"
          minWidth={640}
          columns={[
            { label: t('log.when'), w: 170 },
            { label: t('log.status'), w: 140 },
            { label: t('log.why') },
            { label: t('log.actions') },
          ]}
        >
          {runs.data.map((r) => (
            <Table.Tr key={r._id} data-testid="run-row">
              <DimmedCell>{formatDate(r.createdAt, lang, true)}</DimmedCell>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLOR[r.status] ?? 'gray'}>
                  {t(`statuses.${r.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">
                  {r.reason ? t(`reasons.${r.reason}`, { defaultValue: t('reasons.other') }) : '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">
                  {r.results
                    .map((a) => `${t(`actions.${a.type}`)} (${t(`results.${a.status}`)}${skipReason(t, a)})`)
                    .join(' → ') || '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}

/** Why a step was skipped, when it says (an error code, e.g. a template off WhatsApp): ': <message>'. */
function skipReason(t: TFunction, a: { status: string; detail: string | null }): string {
  if (a.status !== 'skipped' || !a.detail || !/^[A-Z_]+$/.test(a.detail)) return '';
  return `: ${t(`errors:${a.detail}`, { defaultValue: t('reasons.other') })}`;
}
