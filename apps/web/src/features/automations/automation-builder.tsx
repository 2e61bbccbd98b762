import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  AUTOMATION_CONTACT_TRIGGERS,
  AUTOMATION_CONVERSATION_ACTIONS,
  AUTOMATION_EVENT_TRIGGERS,
  AUTOMATION_ORIGINS,
  AUTOMATION_TIME_TRIGGERS,
  AUTOMATION_VARIABLES,
  type TAutomationAction,
  type TAutomationCondition,
  type TAutomationConditions,
  type TAutomationTrigger,
} from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { ChatbotActionFields } from './chatbot-action-fields';
import { TemplateActionFields } from './template-action-fields';

/** What the builder edits (the body of POST/PUT /p/automations). */
export interface TAutomationDraft {
  name: string;
  trigger: TAutomationTrigger | null;
  conditions: TAutomationConditions;
  actions: TAutomationAction[];
  active: boolean;
  maxPerHour: number;
}

export interface TOption {
  value: string;
  label: string;
}

/** The account's things a rule can point to. */
export interface TBuilderOptions {
  tags: TOption[];
  phases: TOption[];
  reasons: TOption[];
  departments: TOption[];
  operators: TOption[];
  channels: TOption[];
}

export const EMPTY_DRAFT: TAutomationDraft = {
  name: '',
  trigger: null,
  conditions: { match: 'all', groups: [] },
  actions: [],
  active: true,
  maxPerHour: 5,
};

const TRIGGERS = [...AUTOMATION_EVENT_TRIGGERS, ...AUTOMATION_TIME_TRIGGERS, 'schedule'] as const;
const TIME = new Set<string>(AUTOMATION_TIME_TRIGGERS);
const FIELDS: TAutomationCondition['field'][] = [
  'messageText',
  'channel',
  'channelKind',
  'department',
  'operator',
  'stage',
  'tags',
  'phase',
  'contactField',
  'firstContact',
  'hours',
  'weekday',
  'origin',
];
const ACTIONS: TAutomationAction['type'][] = [
  'send_message',
  'send_template',
  'assign',
  'add_tag',
  'remove_tag',
  'set_phase',
  'note',
  'close',
  'start_chatbot',
  'send_survey',
  'email',
  'webhook',
  'wait',
];
const STAGES = ['flow', 'waiting', 'attendance', 'closed'];
/** The variables texts may use, as typed. */
export const VARIABLES_TEXT = AUTOMATION_VARIABLES.map((v) => `{{${v}}}`).join(', ');
const CHANNEL_KINDS = ['whatsapp-cloud', 'sms', 'webchat'];

/** A new condition of a field, with its first operator. */
export function newCondition(field: TAutomationCondition['field']): TAutomationCondition {
  switch (field) {
    case 'messageText':
      return { field, op: 'contains', value: '' };
    case 'contactField':
      return { field, key: 'name', op: 'contains', value: '' };
    case 'firstContact':
      return { field, value: true };
    case 'hours':
      return { field, value: 'outside' };
    case 'weekday':
      return { field, values: [] };
    case 'tags':
      return { field, op: 'has_any', values: [] };
    case 'operator':
      return { field, op: 'in', values: [] };
    default:
      return { field, op: 'in', values: [] } as TAutomationCondition;
  }
}

export function newAction(type: TAutomationAction['type']): TAutomationAction {
  switch (type) {
    case 'send_message':
    case 'note':
      return { type, text: '' };
    case 'send_template':
      return { type, templateId: '', variables: [] };
    case 'assign':
      return { type, operatorId: null, departmentId: null };
    case 'add_tag':
    case 'remove_tag':
      return { type, tagId: '' };
    case 'set_phase':
      return { type, phaseId: '' };
    case 'close':
      return { type, reason: '', subReason: null };
    case 'email':
      return { type, to: [], subject: '', text: '' };
    case 'webhook':
      return { type, url: '', secret: '' };
    case 'wait':
      return { type, minutes: 5 };
    case 'start_chatbot':
      return { type, chatbotId: '' };
    case 'send_survey':
      return { type };
  }
}

const move = <T,>(list: T[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

/**
 * The rule builder, read as a sentence: "When <trigger>, if <conditions>, then <actions>".
 * Controlled: `errors` are field paths of the body (as the server and the shared schema name them).
 */
export function AutomationBuilder({
  value,
  onChange,
  errors,
  options,
}: {
  value: TAutomationDraft;
  onChange: (next: TAutomationDraft) => void;
  errors: Record<string, string>;
  options: TBuilderOptions;
}) {
  const { t } = useTranslation('automations');
  const set = (patch: Partial<TAutomationDraft>) => onChange({ ...value, ...patch });
  const trigger = value.trigger;

  const setTriggerType = (type: string | null) => {
    if (!type) return set({ trigger: null });
    if (type === 'schedule') return set({ trigger: { type: 'schedule', cron: '0 9 * * 1-5' } });
    if (TIME.has(type))
      return set({
        trigger: {
          type: type as (typeof AUTOMATION_TIME_TRIGGERS)[number],
          minutes: trigger && 'minutes' in trigger ? trigger.minutes : 10,
        },
      });
    set({ trigger: { type: type as (typeof AUTOMATION_EVENT_TRIGGERS)[number] } });
  };

  const groups = value.conditions.groups;
  const setGroups = (next: TAutomationConditions['groups']) =>
    set({ conditions: { ...value.conditions, groups: next } });
  const setCondition = (g: number, i: number, c: TAutomationCondition) =>
    setGroups(
      groups.map((group, gi) =>
        gi === g ? { ...group, conditions: group.conditions.map((x, xi) => (xi === i ? c : x)) } : group,
      ),
    );

  const setAction = (i: number, a: TAutomationAction) =>
    set({ actions: value.actions.map((x, xi) => (xi === i ? a : x)) });

  return (
    <Stack gap="lg" data-testid="automation-builder">
      <Card padding="lg">
        <Group align="flex-start" gap="md" wrap="wrap">
          <TextInput
            label={t('builder.name')}
            value={value.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={errors.name}
            style={{ flex: '1 1 320px', maxWidth: 560 }}
            required
          />
          <NumberInput
            label={t('builder.maxPerHour')}
            description={t('builder.maxPerHourHelp')}
            value={value.maxPerHour}
            min={1}
            max={100}
            onChange={(v) => set({ maxPerHour: Number(v) || 1 })}
            w={300}
          />
          <Switch
            mt={30}
            label={t('builder.active')}
            checked={value.active}
            onChange={(e) => set({ active: e.currentTarget.checked })}
          />
        </Group>
      </Card>

      <Card padding="lg" data-testid="builder-when">
        <Title order={2} fz="lg" mb="sm">
          {t('builder.when')}
        </Title>
        <Group align="flex-start" gap="md" wrap="wrap">
          <Select
            label={t('builder.trigger')}
            placeholder={t('builder.triggerPlaceholder')}
            data={TRIGGERS.map((v) => ({ value: v, label: t(`triggers.${v}`) }))}
            value={trigger?.type ?? null}
            onChange={setTriggerType}
            error={errors.trigger}
            w={360}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {trigger && 'minutes' in trigger && (
            <NumberInput
              label={t('builder.minutes')}
              value={trigger.minutes}
              min={1}
              onChange={(v) => set({ trigger: { ...trigger, minutes: Number(v) || 1 } })}
              error={errors['trigger.minutes']}
              w={160}
            />
          )}
          {trigger?.type === 'contact.tag_added' && (
            <MultiSelect
              label={t('builder.onlyTags')}
              // Mantine keeps a placeholder beside the chosen pills: it says "any tag" only when none is.
              placeholder={trigger.tagIds?.length ? undefined : t('builder.onlyTagsHelp')}
              data={options.tags}
              value={trigger.tagIds ?? []}
              onChange={(v) => set({ trigger: { type: 'contact.tag_added', tagIds: v } })}
              error={errors['trigger.tagIds']}
              searchable
              w={360}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {trigger?.type === 'schedule' && (
            <TextInput
              label={t('builder.cron')}
              description={t('builder.cronHelp')}
              value={trigger.cron}
              onChange={(e) => set({ trigger: { type: 'schedule', cron: e.currentTarget.value } })}
              error={errors['trigger.cron']}
              w={260}
              ff="monospace"
            />
          )}
        </Group>
      </Card>

      <Card padding="lg" data-testid="builder-if">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz="lg">
            {t('builder.if')}
          </Title>
          {groups.length > 1 && (
            <SegmentedControl
              size="xs"
              aria-label={t('builder.groupsMatch')}
              value={value.conditions.match}
              onChange={(m) => set({ conditions: { ...value.conditions, match: m as 'all' | 'any' } })}
              data={[
                { value: 'all', label: t('builder.matchAllGroups') },
                { value: 'any', label: t('builder.matchAnyGroup') },
              ]}
            />
          )}
        </Group>
        {groups.length === 0 && (
          <Text c="dimmed" fz="sm" mb="sm">
            {t('builder.noConditions')}
          </Text>
        )}
        <Stack gap="md">
          {groups.map((group, g) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: groups have no id; their place is their identity
            <Card key={`g${g}`} withBorder padding="md" data-testid="condition-group">
              <Group justify="space-between" mb="xs">
                <SegmentedControl
                  size="xs"
                  aria-label={t('builder.groupMatch')}
                  value={group.match}
                  onChange={(m) =>
                    setGroups(groups.map((x, xi) => (xi === g ? { ...x, match: m as 'all' | 'any' } : x)))
                  }
                  data={[
                    { value: 'all', label: t('builder.matchAll') },
                    { value: 'any', label: t('builder.matchAny') },
                  ]}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('builder.removeGroup')}
                  onClick={() => setGroups(groups.filter((_, xi) => xi !== g))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              <Stack gap="xs">
                {group.conditions.map((c, i) => (
                  <ConditionRow
                    // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id; their place is their identity
                    key={`c${g}-${i}`}
                    condition={c}
                    options={options}
                    error={
                      errors[`conditions.groups.${g}.conditions.${i}.value`] ??
                      errors[`conditions.groups.${g}.conditions.${i}.values`]
                    }
                    onChange={(next) => setCondition(g, i, next)}
                    onRemove={() =>
                      setGroups(
                        groups.map((x, xi) =>
                          xi === g ? { ...x, conditions: x.conditions.filter((_, ci) => ci !== i) } : x,
                        ),
                      )
                    }
                  />
                ))}
                <Select
                  aria-label={t('builder.addCondition')}
                  placeholder={t('builder.addCondition')}
                  data={FIELDS.map((f) => ({ value: f, label: t(`fields.${f}`) }))}
                  value={null}
                  onChange={(f) =>
                    f &&
                    setGroups(
                      groups.map((x, xi) =>
                        xi === g
                          ? {
                              ...x,
                              conditions: [...x.conditions, newCondition(f as TAutomationCondition['field'])],
                            }
                          : x,
                      ),
                    )
                  }
                  w={280}
                />
              </Stack>
            </Card>
          ))}
        </Stack>
        <Button
          mt="sm"
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => setGroups([...groups, { match: 'all', conditions: [newCondition('messageText')] }])}
        >
          {t('builder.addGroup')}
        </Button>
      </Card>

      <Card padding="lg" data-testid="builder-then">
        <Title order={2} fz="lg" mb="sm">
          {t('builder.then')}
        </Title>
        {errors.actions && (
          <Text c="red.9" fz="sm" mb="xs" role="alert">
            {errors.actions}
          </Text>
        )}
        <Stack gap="sm">
          {value.actions.map((a, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: actions have no id; their place (the order) is their identity
            <Card key={`a${i}`} withBorder padding="sm" data-testid="action-row">
              <Group justify="space-between" mb="xs" wrap="nowrap">
                <Group gap="xs">
                  <Badge variant="light" radius="sm">
                    {i + 1}
                  </Badge>
                  <Text fw={600} fz="sm">
                    {t(`actions.${a.type}`)}
                  </Text>
                </Group>
                <Group gap={4}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('builder.moveUp')}
                    disabled={i === 0}
                    onClick={() => set({ actions: move(value.actions, i, i - 1) })}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('builder.moveDown')}
                    disabled={i === value.actions.length - 1}
                    onClick={() => set({ actions: move(value.actions, i, i + 1) })}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('builder.removeAction')}
                    onClick={() => set({ actions: value.actions.filter((_, xi) => xi !== i) })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
              <ActionFields
                action={a}
                options={options}
                errors={errors}
                prefix={`actions.${i}`}
                onChange={(next) => setAction(i, next)}
              />
              {trigger &&
                AUTOMATION_CONTACT_TRIGGERS.has(trigger.type) &&
                AUTOMATION_CONVERSATION_ACTIONS.has(a.type) && (
                  <Text c="dimmed" fz="sm" data-testid="action-in-open-conversation">
                    {t('builder.inOpenConversation')}
                  </Text>
                )}
              {errors[`actions.${i}`] && (
                <Text c="red.9" fz="sm" role="alert">
                  {a.type === 'wait' ? t('builder.waitLast') : errors[`actions.${i}`]}
                </Text>
              )}
            </Card>
          ))}
          <Select
            aria-label={t('builder.addAction')}
            placeholder={t('builder.addAction')}
            data={ACTIONS.map((type) => ({ value: type, label: t(`actions.${type}`) }))}
            value={null}
            onChange={(type) =>
              type && set({ actions: [...value.actions, newAction(type as TAutomationAction['type'])] })
            }
            w={280}
          />
        </Stack>
        <Text c="dimmed" fz="xs" mt="sm">
          {t('builder.variables', { list: VARIABLES_TEXT, interpolation: { escapeValue: false } })}
        </Text>
      </Card>
    </Stack>
  );
}

function ConditionRow({
  condition: c,
  options,
  error,
  onChange,
  onRemove,
}: {
  condition: TAutomationCondition;
  options: TBuilderOptions;
  error?: string;
  onChange: (c: TAutomationCondition) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('automations');
  const ops = (list: string[]) => list.map((op) => ({ value: op, label: t(`ops.${op}`) }));
  const valuesOf: Record<string, TOption[]> = {
    channel: options.channels,
    channelKind: CHANNEL_KINDS.map((k) => ({ value: k, label: t(`channelKinds.${k}`) })),
    department: options.departments,
    operator: options.operators,
    stage: STAGES.map((s) => ({ value: s, label: t(`stages.${s}`) })),
    tags: options.tags,
    phase: options.phases,
    origin: AUTOMATION_ORIGINS.map((o) => ({ value: o, label: t(`origins.${o}`) })),
  };
  let body: React.ReactNode = null;
  if (c.field === 'messageText')
    body = (
      <>
        <Select
          aria-label={t('builder.operator')}
          data={ops(['contains', 'starts_with', 'regex'])}
          value={c.op}
          onChange={(op) => onChange({ ...c, op: op as typeof c.op })}
          w={170}
          allowDeselect={false}
        />
        <TextInput
          aria-label={t('builder.value')}
          value={c.value}
          onChange={(e) => onChange({ ...c, value: e.currentTarget.value })}
          error={error}
          w={260}
        />
      </>
    );
  else if (c.field === 'contactField')
    body = (
      <>
        <TextInput
          aria-label={t('builder.contactKey')}
          placeholder={t('builder.contactKeyPlaceholder')}
          value={c.key}
          onChange={(e) => onChange({ ...c, key: e.currentTarget.value })}
          w={150}
        />
        <Select
          aria-label={t('builder.operator')}
          data={ops(['equals', 'contains', 'empty', 'not_empty'])}
          value={c.op}
          onChange={(op) => onChange({ ...c, op: op as typeof c.op })}
          w={150}
          allowDeselect={false}
        />
        {(c.op === 'equals' || c.op === 'contains') && (
          <TextInput
            aria-label={t('builder.value')}
            value={c.value}
            onChange={(e) => onChange({ ...c, value: e.currentTarget.value })}
            w={200}
          />
        )}
      </>
    );
  else if (c.field === 'firstContact')
    body = (
      <SegmentedControl
        size="xs"
        value={c.value ? 'yes' : 'no'}
        onChange={(v) => onChange({ ...c, value: v === 'yes' })}
        data={[
          { value: 'yes', label: t('builder.yes') },
          { value: 'no', label: t('builder.no') },
        ]}
      />
    );
  else if (c.field === 'hours')
    body = (
      <SegmentedControl
        size="xs"
        value={c.value}
        onChange={(v) => onChange({ ...c, value: v as 'inside' | 'outside' })}
        data={[
          { value: 'inside', label: t('builder.insideHours') },
          { value: 'outside', label: t('builder.outsideHours') },
        ]}
      />
    );
  else if (c.field === 'weekday')
    body = (
      <MultiSelect
        aria-label={t('fields.weekday')}
        data={[0, 1, 2, 3, 4, 5, 6].map((d) => ({ value: String(d), label: t(`weekdays.${d}`) }))}
        value={c.values.map(String)}
        onChange={(v) => onChange({ ...c, values: v.map(Number) })}
        error={error}
        w={360}
      />
    );
  else {
    const opList =
      c.field === 'tags'
        ? ['has_any', 'has_none']
        : c.field === 'operator'
          ? ['in', 'not_in', 'none']
          : ['in', 'not_in'];
    body = (
      <>
        <Select
          aria-label={t('builder.operator')}
          data={ops(opList)}
          value={c.op}
          onChange={(op) => onChange({ ...c, op } as TAutomationCondition)}
          w={150}
          allowDeselect={false}
        />
        {!(c.field === 'operator' && c.op === 'none') && (
          <MultiSelect
            aria-label={t(`fields.${c.field}`)}
            placeholder={c.values.length ? undefined : t('builder.choose')}
            data={valuesOf[c.field] ?? []}
            value={c.values}
            onChange={(values) => onChange({ ...c, values } as TAutomationCondition)}
            error={error}
            searchable
            w={320}
          />
        )}
      </>
    );
  }
  return (
    <Group gap="xs" align="flex-start" wrap="wrap" data-testid="condition-row">
      <Badge variant="outline" color="gray" mt={6} radius="sm" tt="none">
        {t(`fields.${c.field}`)}
      </Badge>
      {body}
      <ActionIcon
        variant="subtle"
        color="red"
        mt={4}
        aria-label={t('builder.removeCondition')}
        onClick={onRemove}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}

function ActionFields({
  action: a,
  options,
  errors,
  prefix,
  onChange,
}: {
  action: TAutomationAction;
  options: TBuilderOptions;
  errors: Record<string, string>;
  prefix: string;
  onChange: (a: TAutomationAction) => void;
}) {
  const { t } = useTranslation('automations');
  switch (a.type) {
    case 'send_template':
      return <TemplateActionFields action={a} errors={errors} prefix={prefix} onChange={onChange} />;
    case 'send_message':
    case 'note':
      return (
        <Textarea
          aria-label={t(`actions.${a.type}`)}
          autosize
          minRows={2}
          value={a.text}
          onChange={(e) => onChange({ ...a, text: e.currentTarget.value })}
          error={errors[`${prefix}.text`]}
        />
      );
    case 'assign':
      return (
        <Group gap="sm" wrap="wrap">
          <Select
            label={t('builder.toOperator')}
            data={options.operators}
            value={a.operatorId}
            onChange={(v) => onChange({ ...a, operatorId: v })}
            error={errors[`${prefix}.operatorId`]}
            clearable
            searchable
            w={260}
          />
          <Select
            label={t('builder.toDepartment')}
            data={options.departments}
            value={a.departmentId}
            onChange={(v) => onChange({ ...a, departmentId: v })}
            clearable
            searchable
            w={260}
          />
        </Group>
      );
    case 'add_tag':
    case 'remove_tag':
      return (
        <Select
          aria-label={t(`actions.${a.type}`)}
          placeholder={t('builder.choose')}
          data={options.tags}
          value={a.tagId || null}
          onChange={(v) => onChange({ ...a, tagId: v ?? '' })}
          error={errors[`${prefix}.tagId`]}
          searchable
          w={280}
        />
      );
    case 'set_phase':
      return (
        <Select
          aria-label={t('actions.set_phase')}
          placeholder={t('builder.choose')}
          data={options.phases}
          value={a.phaseId || null}
          onChange={(v) => onChange({ ...a, phaseId: v ?? '' })}
          error={errors[`${prefix}.phaseId`]}
          w={280}
        />
      );
    case 'close':
      return (
        <Select
          aria-label={t('builder.reason')}
          placeholder={t('builder.reason')}
          data={options.reasons}
          value={a.reason || null}
          onChange={(v) => onChange({ ...a, reason: v ?? '' })}
          error={errors[`${prefix}.reason`]}
          w={280}
        />
      );
    case 'email':
      return (
        <Stack gap="xs">
          <TextInput
            label={t('builder.emailTo')}
            description={t('builder.emailToHelp')}
            value={a.to.join(', ')}
            onChange={(e) =>
              onChange({
                ...a,
                to: e.currentTarget.value
                  .split(/[,;\s]+/)
                  .map((s) => s.trim())
                  .filter(Boolean),
              })
            }
            error={errors[`${prefix}.to`] ?? errors[`${prefix}.to.0`]}
          />
          <TextInput
            label={t('builder.subject')}
            value={a.subject}
            onChange={(e) => onChange({ ...a, subject: e.currentTarget.value })}
            error={errors[`${prefix}.subject`]}
          />
          <Textarea
            label={t('builder.body')}
            autosize
            minRows={2}
            value={a.text}
            onChange={(e) => onChange({ ...a, text: e.currentTarget.value })}
            error={errors[`${prefix}.text`]}
          />
        </Stack>
      );
    case 'webhook':
      return (
        <Group gap="sm" wrap="wrap" align="flex-start">
          <TextInput
            label={t('builder.url')}
            value={a.url}
            onChange={(e) => onChange({ ...a, url: e.currentTarget.value })}
            error={errors[`${prefix}.url`]}
            w={360}
          />
          <TextInput
            label={t('builder.secret')}
            description={t('builder.secretHelp')}
            value={a.secret}
            onChange={(e) => onChange({ ...a, secret: e.currentTarget.value })}
            w={240}
          />
        </Group>
      );
    case 'start_chatbot':
      return <ChatbotActionFields action={a} errors={errors} prefix={prefix} onChange={onChange} />;
    case 'send_survey':
      return (
        <Text fz="sm" c="dimmed" maw={560}>
          {t('builder.surveyHelp')}
        </Text>
      );
    case 'wait':
      return (
        <NumberInput
          label={t('builder.minutes')}
          value={a.minutes}
          min={1}
          onChange={(v) => onChange({ ...a, minutes: Number(v) || 1 })}
          error={errors[`${prefix}.minutes`]}
          w={160}
        />
      );
  }
}

/** "When <trigger> (after X minutes)": the trigger as the list shows it. */
export function triggerText(
  t: (key: string, o?: Record<string, unknown>) => string,
  trigger: TAutomationTrigger,
) {
  if ('minutes' in trigger) return t(`triggerWithMinutes.${trigger.type}`, { count: trigger.minutes });
  if (trigger.type === 'schedule') return t('triggerSchedule', { cron: trigger.cron });
  return t(`triggers.${trigger.type}`);
}
