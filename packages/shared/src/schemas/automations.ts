import { z } from 'zod';
import { zIsoDate, zUuid } from './common';

/**
 * Automations (spec §3: trigger, inactivity time, active/inactive): "when <trigger>, if
 * <conditions>, then <actions>". Conditions are groups joined by AND/OR, each group a list of
 * checks joined by AND/OR; actions run in order ("wait" pauses the rest). Validation errors are
 * keys of VALIDATION_MESSAGES.
 */
export const AUTOMATION_LIMITS = {
  nameMax: 80,
  textMax: 4096,
  groupsMax: 10,
  conditionsMax: 20,
  actionsMax: 20,
  minutesMax: 60 * 24 * 30,
  /** Default cap of a rule's fires per conversation (contact trigger: per contact) an hour (loop guard). */
  perHourDefault: 5,
  perHourMax: 100,
} as const;

export const AUTOMATION_EVENT_TRIGGERS = [
  'conversation.opened',
  'conversation.assigned',
  'conversation.transferred',
  'conversation.closed',
  'message.received',
  'message.operator',
  'contact.created',
  'contact.phase_changed',
  'contact.tag_added',
  'survey.answered',
  'campaign.replied',
] as const;
export const AUTOMATION_TIME_TRIGGERS = [
  'no_customer_reply',
  'no_operator_reply',
  'idle',
  'waiting_in_queue',
] as const;
export const AUTOMATION_TRIGGERS = [
  ...AUTOMATION_EVENT_TRIGGERS,
  ...AUTOMATION_TIME_TRIGGERS,
  'schedule',
] as const;
export type TAutomationTriggerType = (typeof AUTOMATION_TRIGGERS)[number];

const zMinutes = z
  .number({ error: 'required' })
  .int({ error: 'invalid' })
  .min(1, { error: 'invalid' })
  .max(AUTOMATION_LIMITS.minutesMax, { error: 'invalid' });

/** Five cron fields (minute hour day month weekday), read in the account's time zone. */
const zCron = z
  .string({ error: 'required' })
  .trim()
  .regex(/^(\S+\s+){4}\S+$/, { error: 'invalid' });

export const ZAutomationTrigger = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.enum(AUTOMATION_EVENT_TRIGGERS),
      /** contact.tag_added: only these tags (none: any tag). */
      tagIds: z.array(z.string().trim().min(1)).max(50).optional(),
    }),
    z.object({ type: z.enum(AUTOMATION_TIME_TRIGGERS), minutes: zMinutes }),
    z.object({ type: z.literal('schedule'), cron: zCron }),
  ],
  { error: 'selectRequired' },
);
export type TAutomationTrigger = z.infer<typeof ZAutomationTrigger>;

const zId = z.string({ error: 'selectRequired' }).trim().min(1, { error: 'selectRequired' });
const zIds = z.array(zId, { error: 'selectRequired' }).min(1, { error: 'selectRequired' });
const zText = z
  .string({ error: 'messageEmpty' })
  .trim()
  .min(1, { error: 'messageEmpty' })
  .max(AUTOMATION_LIMITS.textMax, { error: 'tooLong' });

export const AUTOMATION_ORIGINS = ['inbound', 'campaign', 'bot', 'operator'] as const;

/** One check. `in`/`not_in` lists ids or values; text checks compare case-insensitively. */
export const ZAutomationCondition = z.discriminatedUnion(
  'field',
  [
    z.object({ field: z.literal('channel'), op: z.enum(['in', 'not_in']), values: zIds }),
    z.object({ field: z.literal('channelKind'), op: z.enum(['in', 'not_in']), values: zIds }),
    z.object({ field: z.literal('department'), op: z.enum(['in', 'not_in']), values: zIds }),
    z.object({ field: z.literal('operator'), op: z.enum(['in', 'not_in', 'none']), values: z.array(zId) }),
    z.object({ field: z.literal('stage'), op: z.enum(['in', 'not_in']), values: zIds }),
    z.object({ field: z.literal('tags'), op: z.enum(['has_any', 'has_none']), values: zIds }),
    z.object({ field: z.literal('phase'), op: z.enum(['in', 'not_in']), values: zIds }),
    z.object({
      field: z.literal('contactField'),
      key: zId,
      op: z.enum(['equals', 'contains', 'empty', 'not_empty']),
      value: z.string().max(500).default(''),
    }),
    z.object({
      field: z.literal('messageText'),
      op: z.enum(['contains', 'starts_with', 'regex']),
      value: z.string({ error: 'required' }).min(1, { error: 'required' }).max(500, { error: 'tooLong' }),
    }),
    z.object({ field: z.literal('firstContact'), value: z.boolean() }),
    z.object({ field: z.literal('hours'), value: z.enum(['inside', 'outside']) }),
    z.object({
      field: z.literal('weekday'),
      values: z.array(z.number().int().min(0).max(6)).min(1, { error: 'selectRequired' }),
    }),
    z.object({ field: z.literal('origin'), op: z.enum(['in', 'not_in']), values: zIds }),
  ],
  { error: 'selectRequired' },
);
export type TAutomationCondition = z.infer<typeof ZAutomationCondition>;
export type TAutomationConditionField = TAutomationCondition['field'];

export const ZAutomationGroup = z.object({
  match: z.enum(['all', 'any']).default('all'),
  conditions: z.array(ZAutomationCondition).max(AUTOMATION_LIMITS.conditionsMax, { error: 'tooLong' }),
});
export const ZAutomationConditions = z.object({
  match: z.enum(['all', 'any']).default('all'),
  groups: z.array(ZAutomationGroup).max(AUTOMATION_LIMITS.groupsMax, { error: 'tooLong' }),
});
export type TAutomationConditions = z.infer<typeof ZAutomationConditions>;

export const ZAutomationAction = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('send_message'), text: zText }),
    /**
     * An approved WhatsApp template of the account (outside the 24-hour window too): `variables`
     * fill its placeholders in order (the header's, then the body's, as templateSendVariables), each
     * a text with the message variables ({{name}}, {{firstName}}…). On a conversation that is not
     * on WhatsApp the step is skipped with the reason TEMPLATE_CHANNEL_NOT_SUPPORTED.
     */
    z.object({
      type: z.literal('send_template'),
      templateId: zId,
      variables: z
        .array(z.string().max(1000, { error: 'tooLong' }))
        .max(20)
        .default([]),
    }),
    z.object({
      type: z.literal('assign'),
      operatorId: z.string().nullable().default(null),
      departmentId: z.string().nullable().default(null),
    }),
    z.object({ type: z.literal('add_tag'), tagId: zId }),
    z.object({ type: z.literal('remove_tag'), tagId: zId }),
    z.object({ type: z.literal('set_phase'), phaseId: zId }),
    z.object({ type: z.literal('note'), text: zText }),
    z.object({ type: z.literal('close'), reason: zId, subReason: z.string().nullable().default(null) }),
    z.object({
      type: z.literal('email'),
      to: z
        .array(z.email({ error: 'email' }))
        .min(1, { error: 'required' })
        .max(20),
      subject: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(200),
      text: zText,
    }),
    z.object({
      type: z.literal('webhook'),
      url: z
        .string({ error: 'required' })
        .trim()
        .regex(/^https?:\/\/\S+$/, { error: 'url' }),
      secret: z.string().max(200).default(''),
    }),
    z.object({ type: z.literal('wait'), minutes: zMinutes }),
    /** Hands the conversation to a published bot (flow stage, unassigned). */
    z.object({ type: z.literal('start_chatbot'), chatbotId: zId }),
    /** Asks the satisfaction survey now (the account's survey settings). */
    z.object({ type: z.literal('send_survey') }),
  ],
  { error: 'selectRequired' },
);
export type TAutomationAction = z.infer<typeof ZAutomationAction>;
export type TAutomationActionType = TAutomationAction['type'];

/**
 * Triggers about a contact, not a conversation: their conversation actions act in the contact's
 * open conversation (the most recently active one not closed); with none the run is skipped
 * ('noOpenConversation').
 */
export const AUTOMATION_CONTACT_TRIGGERS: ReadonlySet<string> = new Set<(typeof AUTOMATION_TRIGGERS)[number]>(
  ['contact.created', 'contact.phase_changed', 'contact.tag_added'],
);
/** Actions that act in the trigger's conversation (a contact trigger's: the contact's open one). */
export const AUTOMATION_CONVERSATION_ACTIONS: ReadonlySet<string> = new Set<TAutomationActionType>([
  'send_message',
  'send_template',
  'assign',
  'note',
  'close',
  'start_chatbot',
  'send_survey',
]);

export const ZAutomationBody = z
  .object({
    name: z
      .string({ error: 'required' })
      .trim()
      .min(1, { error: 'required' })
      .max(AUTOMATION_LIMITS.nameMax, { error: 'tooLong' }),
    trigger: ZAutomationTrigger,
    conditions: ZAutomationConditions.default({ match: 'all', groups: [] }),
    actions: z
      .array(ZAutomationAction)
      .min(1, { error: 'required' })
      .max(AUTOMATION_LIMITS.actionsMax, { error: 'tooLong' }),
    active: z.boolean().default(true),
    maxPerHour: z
      .number()
      .int()
      .min(1)
      .max(AUTOMATION_LIMITS.perHourMax)
      .default(AUTOMATION_LIMITS.perHourDefault),
  })
  .superRefine((body, ctx) => {
    for (const [g, group] of body.conditions.groups.entries())
      for (const [i, c] of group.conditions.entries())
        if (c.field === 'messageText' && c.op === 'regex' && !isValidRegex(c.value))
          ctx.addIssue({
            code: 'custom',
            message: 'invalid',
            path: ['conditions', 'groups', g, 'conditions', i, 'value'],
          });
    if (body.actions.at(-1)?.type === 'wait')
      ctx.addIssue({ code: 'custom', message: 'invalid', path: ['actions', body.actions.length - 1] });
    for (const [i, a] of body.actions.entries())
      if (a.type === 'assign' && !a.operatorId && !a.departmentId)
        ctx.addIssue({ code: 'custom', message: 'selectRequired', path: ['actions', i, 'operatorId'] });
  });
export type TAutomationBody = z.input<typeof ZAutomationBody>;
export type TAutomationData = z.output<typeof ZAutomationBody>;

export function isValidRegex(value: string): boolean {
  try {
    new RegExp(value, 'i');
    return true;
  } catch {
    return false;
  }
}

export const ZAutomation = z.object({
  _id: z.string(),
  name: z.string(),
  trigger: ZAutomationTrigger,
  conditions: ZAutomationConditions,
  actions: z.array(ZAutomationAction),
  active: z.boolean(),
  maxPerHour: z.number(),
  position: z.number(),
  /** Set when the engine turned the rule off (a referenced tag, phase or reason was deleted). */
  disabledReason: z.string().nullable(),
  createdAt: zIsoDate,
  updatedAt: zIsoDate,
});
export type TAutomation = z.infer<typeof ZAutomation>;

/** A rule as the list shows it: with its last fire, fires in 7 days and errors in 7 days. */
export const ZAutomationListItem = ZAutomation.extend({
  lastFiredAt: zIsoDate.nullable(),
  fires7d: z.number(),
  errors7d: z.number(),
});
export type TAutomationListItem = z.infer<typeof ZAutomationListItem>;

export const ZAutomationList = z.object({
  items: z.array(ZAutomationListItem),
  limit: z.number(),
  enabled: z.boolean(),
});

export const AUTOMATION_RUN_STATUSES = ['fired', 'skipped', 'error', 'waiting'] as const;
export type TAutomationRunStatus = (typeof AUTOMATION_RUN_STATUSES)[number];

export const ZAutomationActionResult = z.object({
  type: z.string(),
  status: z.enum(['done', 'skipped', 'error', 'would']),
  detail: z.string().nullable(),
});
export type TAutomationActionResult = z.infer<typeof ZAutomationActionResult>;

/** One evaluation of a rule: fired or skipped (and why: a key of the automations namespace), with its actions' results. */
export const ZAutomationRun = z.object({
  _id: z.string(),
  status: z.enum(AUTOMATION_RUN_STATUSES),
  reason: z.string().nullable(),
  conversationId: z.string().nullable(),
  contactId: z.string().nullable(),
  trigger: z.string(),
  results: z.array(ZAutomationActionResult),
  createdAt: zIsoDate,
  updatedAt: zIsoDate,
});
export type TAutomationRun = z.infer<typeof ZAutomationRun>;

export const ZAutomationDryRunBody = z.object({ conversationId: zUuid });
export const ZAutomationDryRun = z.object({
  matches: z.boolean(),
  reason: z.string().nullable(),
  conditions: z.array(z.object({ group: z.number(), index: z.number(), field: z.string(), ok: z.boolean() })),
  actions: z.array(ZAutomationActionResult),
});
export type TAutomationDryRun = z.infer<typeof ZAutomationDryRun>;

export const ZAutomationOrderBody = z.object({ ids: z.array(zUuid).min(1).max(500) });

/** Automatic messages (settings → auto messages) that run on the automation engine. */
export const AUTO_MESSAGE_KINDS = ['greeting', 'queue', 'transfer', 'close', 'inactivity'] as const;
export type TAutoMessageKind = (typeof AUTO_MESSAGE_KINDS)[number];
export const ZAutoMessage = z.object({
  kind: z.enum(AUTO_MESSAGE_KINDS),
  active: z.boolean(),
  text: z.string(),
  /** Only for 'queue': minutes waiting before the message goes. */
  minutes: z.number().nullable(),
});
export type TAutoMessage = z.infer<typeof ZAutoMessage>;
export const ZAutoMessageBody = z
  .object({
    active: z.boolean(),
    text: z.string().trim().max(AUTOMATION_LIMITS.textMax, { error: 'tooLong' }),
    minutes: z
      .number()
      .int()
      .min(1, { error: 'invalid' })
      .max(1440, { error: 'invalid' })
      .nullable()
      .default(null),
  })
  .superRefine((body, ctx) => {
    if (body.active && !body.text) ctx.addIssue({ code: 'custom', message: 'messageEmpty', path: ['text'] });
  });
export type TAutoMessageBody = z.input<typeof ZAutoMessageBody>;

/** Variables of automatic texts (the quick messages' ones): {{name}}, {{firstName}}, {{phone}}, {{email}}, {{operator}}. */
export const AUTOMATION_VARIABLES = ['name', 'firstName', 'phone', 'email', 'operator'] as const;
