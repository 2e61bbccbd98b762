import { z } from 'zod';
import { zImageUrl, zIsoDate, zUuid } from './common';

/**
 * Chatbots (issue 14): a flow is a versioned JSON document (groups of blocks, edges, variables,
 * events). The draft is autosaved; publishing freezes an immutable version; a conversation's bot
 * session stays on the version it started with.
 *
 * API (admin, spec §2; every call carries ?acc=):
 *   GET    /p/chatbots                                  → TChatbot[]
 *   POST   /p/chatbots            TChatbotCreateBody    → TChatbot   (plan limit: 403 CHATBOT_LIMIT_REACHED,
 *          details { plan: the plan's title, limit })
 *   GET    /p/chatbots/templates                        → TChatbotTemplate[] (gallery)
 *   GET    /p/chatbots/:id                              → { chatbot: TChatbot, draft: TFlowDocument }
 *   PATCH  /p/chatbots/:id        TChatbotUpdateBody    → TChatbot
 *   DELETE /p/chatbots/:id                              → { deleted: true }
 *   PUT    /p/chatbots/:id/draft  TFlowDocument         → { savedAt, issues: TFlowIssue[] }
 *          (autosave: a structure-valid draft is stored even when not publishable; a document that
 *          fails ZFlowDocument answers 400 with field paths and stores nothing)
 *   POST   /p/chatbots/:id/validate                     → { issues: TFlowIssue[] } (of the stored draft)
 *   POST   /p/chatbots/:id/publish                      → TChatbot (422 CHATBOT_FLOW_INVALID, details.issues: TFlowIssue[])
 *   POST   /p/chatbots/:id/unpublish                    → TChatbot
 *   POST   /p/chatbots/:id/duplicate                    → TChatbot (counts against the plan limit)
 *   GET    /p/chatbots/:id/versions                     → TChatbotVersion[] (newest first)
 *   POST   /p/chatbots/:id/versions/:version/rollback   → { chatbot, draft } (the draft becomes that version)
 *   POST   /p/chatbots/:id/test                         → TChatbotTestSession
 *   GET    /p/chatbots/:id/chatpage                     → TChatPage
 *   PUT    /p/chatbots/:id/chatpage TChatPageBody       → TChatPage ('chatpage name in use': CHATPAGE_SLUG_IN_USE)
 *   POST   /p/chat/conversation/:id/bot { chatbotId }  → TConversation: an operator hands their conversation
 *          back to a PUBLISHED bot (operator+; CHATBOT_NOT_PUBLISHED otherwise); it re-enters the flow stage
 */

/** Limits of a flow document and of a chatbot's settings. */
export const MAX_FLOW_BLOCKS = 300;
export const CHATBOT_LIMITS = {
  maxBlocks: MAX_FLOW_BLOCKS,
  maxGroups: 150,
  maxEdges: 600,
  maxVariables: 100,
  maxEvents: 20,
  maxOptions: 50,
  nameMax: 100,
  textMax: 4096,
  urlMax: 2048,
  idMax: 64,
  variableNameMax: 50,
  retryLimitMax: 10,
  timeoutMinutesMax: 7 * 24 * 60,
  waitSecondsMax: 3600,
  /** Nested "run group" (sub-flow) calls a session may be inside at once. */
  callDepthMax: 10,
  httpTimeoutMsMax: 30_000,
  httpTimeoutMsDefault: 10_000,
  debounceSecondsMax: 10,
  debounceSecondsDefault: 3,
  handoverKeywordsMax: 20,
  aiInstructionsMax: 4000,
  aiKeywordsMax: 30,
  aiLowConfidenceTurnsMax: 10,
  aiMaxTurnsMax: 50,
  /** Knowledge sources an AI agent block may be restricted to. */
  aiBlockSourcesMax: 50,
  /** Meta's limits for WhatsApp interactive messages. */
  whatsapp: {
    bodyMax: 1024,
    buttonTitleMax: 20,
    rowTitleMax: 24,
    rowDescriptionMax: 72,
    buttonsMax: 3,
    listRowsMax: 10,
  },
} as const;
export const CHATBOT_DEFAULT_HANDOVER_KEYWORDS = ['atendente', 'humano'];

export const CHATBOT_TYPES = ['flow', 'chatpage', 'ai', 'hybrid'] as const;
export type TChatbotType = (typeof CHATBOT_TYPES)[number];
export const CHATBOT_STATUSES = ['draft', 'published'] as const;
/** Spec §3 training state of AI types (Training, Trained, Not trained); null for flow bots. */
export const CHATBOT_TRAINING_STATES = ['training', 'trained', 'not_trained'] as const;

// ---------------------------------------------------------------------------------------------
// Flow document
// ---------------------------------------------------------------------------------------------

const zId = z.string().trim().min(1).max(CHATBOT_LIMITS.idMax);
/**
 * What a block points at (a variable, a group, a tag, a phase): '' while not chosen yet, so a new
 * block's draft saves; publishing refuses it (validateFlow: text_required / missing_target).
 */
const zRef = z.string().trim().max(CHATBOT_LIMITS.idMax);
/** Texts accept {{variable}} (flow variables by name) and {{$name}}/{{$email}}/{{$phone}}/{{$cpf}}… (key entities). */
const zText = z.string().max(CHATBOT_LIMITS.textMax, { error: 'tooLong' });
const zUrlText = z.string().max(CHATBOT_LIMITS.urlMax, { error: 'tooLong' });
const zPosition = z.object({ x: z.number(), y: z.number() });

/**
 * Key entities (spec §3 "prefixed with a dollar sign"): the contact's fields, readable in texts as
 * {{$name}} and writable by inputs (`saveTo`). Any other `$key` is a contact custom field.
 */
export const FLOW_KEY_ENTITIES = ['name', 'firstName', 'email', 'phone', 'cpf', 'cnpj'] as const;
/** Built-ins a set_variable block can assign (and texts read as {{$now}}, {{$today}}…). */
export const FLOW_BUILTINS = [
  'now',
  'today',
  'contactName',
  'contactPhone',
  'randomId',
  'momentOfDay',
] as const;

/** Where an input stores its answer: a flow variable and/or a contact field (key entity). */
const zCapture = {
  variableId: zId.nullish(),
  /** A key entity (FLOW_KEY_ENTITIES) or a custom field key, without '$'. */
  saveTo: z.string().trim().min(1).max(CHATBOT_LIMITS.variableNameMax).nullish(),
};

/** Shared by every input: the question, validation retries, timeout (exit 'timeout'). */
const zInputCommon = {
  id: zId,
  /** Sent before waiting for the answer (may be empty when a text bubble asked already). */
  prompt: zText.default(''),
  ...zCapture,
  retryMessage: zText.default(''),
  /** After this many invalid answers the flow follows the 'retry_exhausted' exit. */
  retryLimit: z.number().int().min(0).max(CHATBOT_LIMITS.retryLimitMax).default(3),
  /** No answer for N minutes → the 'timeout' exit. */
  timeout: z.object({ minutes: z.number().int().min(1).max(CHATBOT_LIMITS.timeoutMinutesMax) }).nullish(),
};

// Bubbles ------------------------------------------------------------------------------------
export const ZTextBubble = z.object({ id: zId, type: z.literal('text'), text: zText });
const zMediaBubble = <T extends string>(type: T) =>
  z.object({ id: zId, type: z.literal(type), url: zUrlText, caption: zText.nullish() });
export const ZImageBubble = zMediaBubble('image');
export const ZVideoBubble = zMediaBubble('video');
export const ZAudioBubble = zMediaBubble('audio');
export const ZFileBubble = zMediaBubble('file').extend({ fileName: z.string().max(200).nullish() });
export const ZEmbedBubble = z.object({
  id: zId,
  type: z.literal('embed'),
  url: zUrlText,
  title: z.string().max(200).nullish(),
});

// Inputs ------------------------------------------------------------------------------------
export const ZTextInput = z.object({
  ...zInputCommon,
  type: z.literal('text_input'),
  minLength: z.number().int().min(0).max(4096).nullish(),
  maxLength: z.number().int().min(1).max(4096).nullish(),
  /** A regular expression the answer must match. */
  pattern: z.string().max(500).nullish(),
});
export const ZNumberInput = z.object({
  ...zInputCommon,
  type: z.literal('number_input'),
  min: z.number().nullish(),
  max: z.number().nullish(),
});
export const ZEmailInput = z.object({ ...zInputCommon, type: z.literal('email_input') });
export const ZPhoneInput = z.object({
  ...zInputCommon,
  type: z.literal('phone_input'),
  defaultCountryCode: z
    .string()
    .regex(/^\d{1,4}$/)
    .default('55'),
});
export const ZUrlInput = z.object({ ...zInputCommon, type: z.literal('url_input') });
/** Answers dd/mm/yyyy (pt-BR) or yyyy-mm-dd; stored as yyyy-mm-dd. */
export const ZDateInput = z.object({ ...zInputCommon, type: z.literal('date_input') });
/** Answers hh:mm; stored as hh:mm. */
export const ZTimeInput = z.object({ ...zInputCommon, type: z.literal('time_input') });
export const ZCpfCnpjInput = z.object({
  ...zInputCommon,
  type: z.literal('cpf_cnpj_input'),
  accept: z.enum(['cpf', 'cnpj', 'both']).default('both'),
});
export const ZChoiceOption = z.object({
  id: zId,
  title: z.string().trim().max(200, { error: 'tooLong' }),
  description: z.string().max(200).nullish(),
  /** Picture choice only. */
  imageUrl: zUrlText.nullish(),
});
export type TChoiceOption = z.infer<typeof ZChoiceOption>;
/** Single: one exit per option id (unconnected options fall through). Multiple: exit 'default'. */
export const ZChoiceInput = z.object({
  ...zInputCommon,
  type: z.literal('choice_input'),
  mode: z.enum(['single', 'multiple']).default('single'),
  options: z.array(ZChoiceOption).max(CHATBOT_LIMITS.maxOptions),
  /** WhatsApp list messages: the button that opens the list. */
  listButtonLabel: z.string().max(20).nullish(),
});
export const ZPictureChoiceInput = z.object({
  ...zInputCommon,
  type: z.literal('picture_choice_input'),
  options: z.array(ZChoiceOption).max(CHATBOT_LIMITS.maxOptions),
});
/** NPS 0–10 or CSAT 1–5. */
export const ZRatingInput = z.object({
  ...zInputCommon,
  type: z.literal('rating_input'),
  scale: z.enum(['nps', 'csat']).default('nps'),
});
export const ZFileInput = z.object({ ...zInputCommon, type: z.literal('file_input') });

// Logic --------------------------------------------------------------------------------------
export const ZSetVariableBlock = z.object({
  id: zId,
  type: z.literal('set_variable'),
  variableId: zRef,
  /** A text with {{variables}}, or a built-in. */
  value: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('text'), text: zText }),
    z.object({ kind: z.literal('builtin'), builtin: z.enum(FLOW_BUILTINS) }),
  ]),
});
export const CONDITION_OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'starts_with',
  'ends_with',
  'greater_than',
  'less_than',
  'is_set',
  'is_empty',
  'matches_regex',
] as const;
export const ZCondition = z.object({
  /** A flow variable id, or '$name'-style key entity. */
  left: z
    .string()
    .trim()
    .max(CHATBOT_LIMITS.variableNameMax + 1),
  operator: z.enum(CONDITION_OPERATORS),
  /** Text with {{variables}}; ignored by is_set / is_empty. */
  right: z.string().max(500).default(''),
});
/** Exits 'true' and 'false'. */
export const ZConditionBlock = z.object({
  id: zId,
  type: z.literal('condition'),
  logic: z.enum(['and', 'or']).default('and'),
  conditions: z.array(ZCondition).max(20),
});
/** Goes to another group (no exits). */
export const ZJumpBlock = z.object({ id: zId, type: z.literal('jump'), groupId: zRef });
/**
 * Runs another group of the flow as a sub-flow: when that group runs off its end (a block with
 * no edge and nothing after it), the flow comes back and goes on from this block's 'default' exit
 * (its edge, else the next block of the group). Calls nest up to CHATBOT_LIMITS.callDepthMax deep;
 * an `end` inside the sub-flow still ends the session, a transfer still hands over.
 */
export const ZCallBlock = z.object({ id: zId, type: z.literal('call'), groupId: zRef });
export const ZWaitBlock = z.object({
  id: zId,
  type: z.literal('wait'),
  seconds: z.number().int().min(1).max(CHATBOT_LIMITS.waitSecondsMax),
});
/** Exits 'a' and 'b'; `percentA` of sessions take 'a'. */
export const ZAbSplitBlock = z.object({
  id: zId,
  type: z.literal('ab_split'),
  percentA: z.number().int().min(0).max(100).default(50),
});
/** Exits 'open' and 'closed' (the account's attendance hours, inbox settings). */
export const ZBusinessHoursBlock = z.object({ id: zId, type: z.literal('business_hours') });
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Exits 'success' (2xx) and 'error' (timeout, network, non-2xx, unparsable JSON when mapping). */
export const ZHttpRequestBlock = z.object({
  id: zId,
  type: z.literal('http_request'),
  method: z.enum(HTTP_METHODS).default('GET'),
  url: zUrlText,
  headers: z
    .array(z.object({ name: z.string().max(100), value: z.string().max(1000) }))
    .max(20)
    .default([]),
  /** JSON text with {{variables}} (values are JSON-escaped). */
  body: z.string().max(CHATBOT_LIMITS.textMax).nullish(),
  timeoutMs: z
    .number()
    .int()
    .min(100)
    .max(CHATBOT_LIMITS.httpTimeoutMsMax)
    .default(CHATBOT_LIMITS.httpTimeoutMsDefault),
  /** Response JSON path (dot/index: `data.items.0.name`) → flow variable. */
  mapping: z
    .array(z.object({ path: z.string().max(200), variableId: zId }))
    .max(20)
    .default([]),
});

// Actions ------------------------------------------------------------------------------------
/** Leaves the flow stage and enters the queue (distribution as today). No exits. */
export const ZTransferBlock = z.object({
  id: zId,
  type: z.literal('transfer'),
  departmentId: z.string().max(100).nullish(),
  operatorId: z.string().max(100).nullish(),
  message: zText.nullish(),
});
export const ZAddTagBlock = z.object({
  id: zId,
  type: z.literal('add_tag'),
  tagId: z.string().max(100),
});
export const ZSetPhaseBlock = z.object({
  id: zId,
  type: z.literal('set_phase'),
  phaseId: z.string().max(100),
});
/** A WhatsApp template (outside the 24 h window); other channels skip it. */
export const ZSendTemplateBlock = z.object({
  id: zId,
  type: z.literal('send_template'),
  /** An approved template of the account ('' while not chosen: the draft saves, publishing refuses). */
  templateId: z.string().max(100),
  /**
   * The template's variables in send order (the header's {{1}}, then the body's {{1}}, {{2}}…, as
   * templateSendVariables); texts with {{variables}} (flow variables, $name, $email…).
   */
  params: z.array(z.string().max(1000)).max(20).default([]),
});
/** Closes the conversation with a reason. No exits. */
export const ZCloseBlock = z.object({
  id: zId,
  type: z.literal('close'),
  /** A closing reason's name (settings → closing reasons); none: 'Chatbot'. */
  reason: z.string().max(100).nullish(),
  message: zText.nullish(),
});
/** Ends the bot session (the conversation stays as it is). No exits. */
export const ZEndBlock = z.object({ id: zId, type: z.literal('end') });

// AI -----------------------------------------------------------------------------------------
/**
 * Hybrid bots: while the session is in this block, each customer message is answered by the AI
 * from the bot's knowledge base (the bot's AI settings: instructions, hand-over rules). Exits:
 * 'resolved' (the customer thanks or says they are done; unconnected: the block keeps answering),
 * 'handover' (asked for a person, a hand-over keyword, or too many messages the knowledge base
 * could not answer; unconnected: transfer to `departmentId`), 'max_turns' (after `maxTurns`
 * answers; unconnected: like 'handover').
 */
export const ZAiAgentBlock = z.object({
  id: zId,
  type: z.literal('ai_agent'),
  /** Sent when the block starts (e.g. "Ask me anything about our products"). */
  message: zText.nullish(),
  maxTurns: z.number().int().min(1).max(CHATBOT_LIMITS.aiMaxTurnsMax).default(10),
  departmentId: z.string().max(100).nullish(),
  /**
   * The knowledge sources this block answers from (ids of the bot's or the account's sources);
   * none or empty: all of them.
   */
  sourceIds: z.array(z.string().min(1).max(100)).max(CHATBOT_LIMITS.aiBlockSourcesMax).optional(),
});

export const ZFlowBlock = z.discriminatedUnion('type', [
  ZTextBubble,
  ZImageBubble,
  ZVideoBubble,
  ZAudioBubble,
  ZFileBubble,
  ZEmbedBubble,
  ZTextInput,
  ZNumberInput,
  ZEmailInput,
  ZPhoneInput,
  ZUrlInput,
  ZDateInput,
  ZTimeInput,
  ZCpfCnpjInput,
  ZChoiceInput,
  ZPictureChoiceInput,
  ZRatingInput,
  ZFileInput,
  ZSetVariableBlock,
  ZConditionBlock,
  ZJumpBlock,
  ZCallBlock,
  ZWaitBlock,
  ZAbSplitBlock,
  ZBusinessHoursBlock,
  ZHttpRequestBlock,
  ZTransferBlock,
  ZAddTagBlock,
  ZSetPhaseBlock,
  ZSendTemplateBlock,
  ZCloseBlock,
  ZEndBlock,
  ZAiAgentBlock,
]);
export type TFlowBlock = z.infer<typeof ZFlowBlock>;
export type TFlowBlockType = TFlowBlock['type'];
export type TFlowBlockOf<T extends TFlowBlockType> = Extract<TFlowBlock, { type: T }>;

export const BUBBLE_BLOCK_TYPES = ['text', 'image', 'video', 'audio', 'file', 'embed'] as const;
export const INPUT_BLOCK_TYPES = [
  'text_input',
  'number_input',
  'email_input',
  'phone_input',
  'url_input',
  'date_input',
  'time_input',
  'cpf_cnpj_input',
  'choice_input',
  'picture_choice_input',
  'rating_input',
  'file_input',
] as const;
export const LOGIC_BLOCK_TYPES = [
  'set_variable',
  'condition',
  'jump',
  'call',
  'wait',
  'ab_split',
  'business_hours',
  'http_request',
] as const;
export const ACTION_BLOCK_TYPES = [
  'transfer',
  'add_tag',
  'set_phase',
  'send_template',
  'close',
  'end',
] as const;
export const AI_BLOCK_TYPES = ['ai_agent'] as const;
/** The exits of the AI agent block. */
export const AI_AGENT_EXITS = ['resolved', 'handover', 'max_turns'] as const;
export type TInputBlock = TFlowBlockOf<(typeof INPUT_BLOCK_TYPES)[number]>;

export function isInputBlock(block: TFlowBlock): block is TInputBlock {
  return (INPUT_BLOCK_TYPES as readonly string[]).includes(block.type);
}

/**
 * The named exits of a block (edges leave from `{ blockId, exit }`). An exit with no edge falls
 * through to the next block of the group; the group's last block without an edge ends the flow.
 * Blocks with no exits (jump, transfer, close, end) stop there.
 */
export function blockExits(block: TFlowBlock): string[] {
  switch (block.type) {
    case 'condition':
      return ['true', 'false'];
    case 'ab_split':
      return ['a', 'b'];
    case 'business_hours':
      return ['open', 'closed'];
    case 'http_request':
      return ['success', 'error'];
    case 'ai_agent':
      return [...AI_AGENT_EXITS];
    case 'jump':
    case 'transfer':
    case 'close':
    case 'end':
      return [];
    case 'choice_input':
      return block.mode === 'single'
        ? [...block.options.map((o) => o.id), 'default', 'timeout', 'retry_exhausted']
        : ['default', 'timeout', 'retry_exhausted'];
    case 'picture_choice_input':
      return [...block.options.map((o) => o.id), 'default', 'timeout', 'retry_exhausted'];
    default:
      return isInputBlock(block) ? ['default', 'timeout', 'retry_exhausted'] : ['default'];
  }
}

export const FLOW_EVENT_KINDS = ['start', 'keyword', 'idle'] as const;
/**
 * Events start or redirect a session; each leaves through one edge `{ eventId }`.
 * - start (exactly one): config { keywords?: string[] (only start when the first message contains
 *   one), firstContactOnly?: boolean }.
 * - keyword: config { keywords: string[] } — at any point of the flow, a message equal to one of
 *   them jumps to the event's edge (the chatbot's handover keywords always transfer, see ZChatbot).
 * - idle: config { minutes } — the customer went silent mid-flow (not waiting on an input with its
 *   own timeout).
 */
export const ZFlowEvent = z.discriminatedUnion('kind', [
  z.object({
    id: zId,
    kind: z.literal('start'),
    position: zPosition,
    config: z
      .object({
        keywords: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
        firstContactOnly: z.boolean().default(false),
      })
      .default({ keywords: [], firstContactOnly: false }),
  }),
  z.object({
    id: zId,
    kind: z.literal('keyword'),
    position: zPosition,
    config: z.object({ keywords: z.array(z.string().trim().min(1).max(100)).max(20) }),
  }),
  z.object({
    id: zId,
    kind: z.literal('idle'),
    position: zPosition,
    config: z.object({ minutes: z.number().int().min(1).max(CHATBOT_LIMITS.timeoutMinutesMax) }),
  }),
]);
export type TFlowEvent = z.infer<typeof ZFlowEvent>;

export const ZFlowGroup = z.object({
  id: zId,
  title: z.string().max(100).default(''),
  position: zPosition,
  blocks: z.array(ZFlowBlock).max(MAX_FLOW_BLOCKS),
});
export type TFlowGroup = z.infer<typeof ZFlowGroup>;

export const ZFlowEdge = z.object({
  id: zId,
  from: z.union([
    z.object({ eventId: zId }),
    z.object({ blockId: zId, exit: z.string().max(CHATBOT_LIMITS.idMax).default('default') }),
  ]),
  to: z.union([z.object({ groupId: zId }), z.object({ blockId: zId })]),
});
export type TFlowEdge = z.infer<typeof ZFlowEdge>;

export const ZFlowVariable = z.object({
  id: zId,
  name: z
    .string()
    .trim()
    .min(1, { error: 'required' })
    .max(CHATBOT_LIMITS.variableNameMax, { error: 'tooLong' })
    .regex(/^[\p{L}_][\p{L}\p{N}_]*$/u, { error: 'invalid' }),
});
export type TFlowVariable = z.infer<typeof ZFlowVariable>;

/** The whole flow: what the editor autosaves and what a published version freezes. */
export const ZFlowDocument = z.object({
  version: z.literal(1),
  groups: z.array(ZFlowGroup).max(CHATBOT_LIMITS.maxGroups),
  edges: z.array(ZFlowEdge).max(CHATBOT_LIMITS.maxEdges),
  variables: z.array(ZFlowVariable).max(CHATBOT_LIMITS.maxVariables),
  events: z.array(ZFlowEvent).max(CHATBOT_LIMITS.maxEvents),
});
export type TFlowDocument = z.infer<typeof ZFlowDocument>;
export type TFlowDocumentInput = z.input<typeof ZFlowDocument>;

/** An empty flow: one start event and nothing else. */
export function emptyFlowDocument(): TFlowDocument {
  return {
    version: 1,
    groups: [],
    edges: [],
    variables: [],
    events: [
      {
        id: 'start',
        kind: 'start',
        position: { x: 0, y: 0 },
        config: { keywords: [], firstContactOnly: false },
      },
    ],
  };
}

/**
 * Why a draft cannot be published. `path` points into the document (e.g.
 * ['groups', 0, 'blocks', 2, 'text']); `blockId` names the broken block when there is one.
 */
export const FLOW_ISSUE_CODES = [
  'no_start',
  'start_not_connected',
  'dangling_edge',
  'unknown_exit',
  'duplicate_id',
  'unknown_variable',
  'cycle_without_input',
  'too_many_blocks',
  'text_too_long',
  'option_required',
  'option_title_required',
  'whatsapp_title_too_long',
  'empty_group',
  'missing_target',
  'invalid_regex',
  'invalid_url',
  'text_required',
  'variable_exists',
  'call_self',
] as const;
export type TFlowIssueCode = (typeof FLOW_ISSUE_CODES)[number];
export const ZFlowIssue = z.object({
  blockId: z.string().optional(),
  path: z.array(z.union([z.string(), z.number()])),
  code: z.enum(FLOW_ISSUE_CODES),
});
export type TFlowIssue = z.infer<typeof ZFlowIssue>;

/** Plain texts for each issue code (the web may use its own namespace instead). */
export const FLOW_ISSUE_MESSAGES: Record<TFlowIssueCode, { en: string; 'pt-BR': string }> = {
  no_start: { en: 'The flow needs a start event', 'pt-BR': 'O fluxo precisa de um evento de início' },
  start_not_connected: {
    en: 'Connect the start event to a group',
    'pt-BR': 'Conecte o evento de início a um grupo',
  },
  dangling_edge: { en: 'This connection points to nothing', 'pt-BR': 'Esta conexão não aponta para nada' },
  unknown_exit: {
    en: 'This connection leaves from an exit the block does not have',
    'pt-BR': 'Esta conexão sai de uma saída que o bloco não tem',
  },
  duplicate_id: { en: 'Two items share the same id', 'pt-BR': 'Dois itens têm o mesmo id' },
  unknown_variable: { en: 'Unknown variable', 'pt-BR': 'Variável desconhecida' },
  cycle_without_input: {
    en: 'This loop never waits for the customer',
    'pt-BR': 'Este ciclo nunca espera pelo cliente',
  },
  too_many_blocks: {
    en: `At most ${MAX_FLOW_BLOCKS} blocks per flow`,
    'pt-BR': `No máximo ${MAX_FLOW_BLOCKS} blocos por fluxo`,
  },
  text_too_long: { en: 'Text too long', 'pt-BR': 'Texto muito longo' },
  option_required: { en: 'At least one option required', 'pt-BR': 'Pelo menos uma opção obrigatória' },
  option_title_required: { en: 'Every option needs a title', 'pt-BR': 'Toda opção precisa de um título' },
  whatsapp_title_too_long: {
    en: 'Option titles have at most 20 characters on WhatsApp buttons (24 in lists)',
    'pt-BR': 'Títulos de opções têm no máximo 20 caracteres nos botões do WhatsApp (24 em listas)',
  },
  empty_group: { en: 'This group has no blocks', 'pt-BR': 'Este grupo não tem blocos' },
  missing_target: { en: 'Choose where this block goes', 'pt-BR': 'Escolha para onde este bloco vai' },
  invalid_regex: { en: 'Invalid regular expression', 'pt-BR': 'Expressão regular inválida' },
  invalid_url: {
    en: 'URL must start with http:// or https://',
    'pt-BR': 'A URL deve começar com http:// ou https://',
  },
  text_required: { en: 'This field is required', 'pt-BR': 'Este campo é obrigatório' },
  variable_exists: { en: 'Entity already exists', 'pt-BR': 'Entidade já existe' },
  call_self: {
    en: 'A group cannot run itself: it would call itself without end',
    'pt-BR': 'Um grupo não pode executar a si mesmo: ele se chamaria sem fim',
  },
};

// ---------------------------------------------------------------------------------------------
// Chatbot, versions, chat page, test session
// ---------------------------------------------------------------------------------------------

const zHandoverKeywords = z
  .array(z.string().trim().toLowerCase().min(1).max(50))
  .max(CHATBOT_LIMITS.handoverKeywordsMax);

/**
 * When an AI bot (or a hybrid bot's AI agent block) hands the customer over: they ask for a person
 * (`personKeywords`, pt-BR and en defaults), write one of `customKeywords` (both: the message
 * contains the word or phrase, accents and case ignored), or `lowConfidenceTurns` messages in a row
 * the knowledge base could not answer. `departmentId`: the queue it enters (none: the general one).
 */
export const AI_PERSON_KEYWORDS = [
  'atendente',
  'humano',
  'pessoa',
  'falar com alguém',
  'agent',
  'human',
  'person',
  'representative',
];
const zAiKeywords = z.array(z.string().trim().toLowerCase().min(1).max(50)).max(CHATBOT_LIMITS.aiKeywordsMax);
/**
 * When the customer asks for a person outside the account's attendance hours (inbox settings):
 * 'handover' — hand over anyway (the conversation waits in the queue); 'keep_answering' — tell the
 * customer when the team is back and keep answering.
 */
export const AI_OUT_OF_HOURS = ['handover', 'keep_answering'] as const;
export type TAiOutOfHours = (typeof AI_OUT_OF_HOURS)[number];
export const ZChatbotAiSettings = z.object({
  /** The bot's own prompt: tone, business facts, what not to do (added to the guardrails). */
  instructions: z.string().trim().max(CHATBOT_LIMITS.aiInstructionsMax, { error: 'tooLong' }).default(''),
  personKeywords: zAiKeywords.default(AI_PERSON_KEYWORDS),
  customKeywords: zAiKeywords.default([]),
  lowConfidenceTurns: z.number().int().min(1).max(CHATBOT_LIMITS.aiLowConfidenceTurnsMax).default(2),
  departmentId: z.string().max(100).nullable().default(null),
  outOfHours: z.enum(AI_OUT_OF_HOURS).default('handover'),
});
export type TChatbotAiSettings = z.infer<typeof ZChatbotAiSettings>;
export const defaultAiSettings = (): TChatbotAiSettings => ZChatbotAiSettings.parse({});

export const ZChatbot = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(CHATBOT_TYPES),
  /** Channels it answers on (of this account). */
  channelIds: z.array(z.string()),
  status: z.enum(CHATBOT_STATUSES),
  publishedVersion: z.number().nullable(),
  publishedAt: zIsoDate.nullable(),
  /** Conversations now in the flow stage with this bot. */
  inFlowNow: z.number(),
  trainingState: z.enum(CHATBOT_TRAINING_STATES).nullable(),
  debounceSeconds: z.number(),
  /** A customer message equal to one of these always transfers to the queue. */
  handoverKeywords: z.array(z.string()),
  /** AI and hybrid bots: instructions and hand-over rules (defaults for the other types). */
  ai: ZChatbotAiSettings,
  createdAt: zIsoDate,
  updatedAt: zIsoDate,
});
export type TChatbot = z.infer<typeof ZChatbot>;

export const ZChatbotCreateBody = z.object({
  name: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(CHATBOT_LIMITS.nameMax, { error: 'tooLong' }),
  type: z.enum(CHATBOT_TYPES, { error: 'selectRequired' }),
  channelIds: z.array(z.string().min(1).max(100)).max(50).default([]),
  /** A gallery template's id (GET /p/chatbots/templates): the draft starts as its flow. */
  templateId: z.string().max(100).nullish(),
});
export type TChatbotCreateBody = z.infer<typeof ZChatbotCreateBody>;

export const ZChatbotUpdateBody = z.object({
  name: ZChatbotCreateBody.shape.name.optional(),
  channelIds: z.array(z.string().min(1).max(100)).max(50).optional(),
  debounceSeconds: z.number().int().min(0).max(CHATBOT_LIMITS.debounceSecondsMax).optional(),
  handoverKeywords: zHandoverKeywords.optional(),
  ai: ZChatbotAiSettings.optional(),
});
export type TChatbotUpdateBody = z.infer<typeof ZChatbotUpdateBody>;

export const ZChatbotDetail = z.object({ chatbot: ZChatbot, draft: ZFlowDocument });
export type TChatbotDetail = z.infer<typeof ZChatbotDetail>;

export const ZDraftSaved = z.object({ savedAt: zIsoDate, issues: z.array(ZFlowIssue) });

export const ZChatbotVersion = z.object({
  version: z.number(),
  publishedAt: zIsoDate,
  publishedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** Blocks added / removed / changed against the previous version. */
  summary: z.object({ added: z.number(), removed: z.number(), changed: z.number() }),
});
export type TChatbotVersion = z.infer<typeof ZChatbotVersion>;

/** Gallery entry: texts are web i18n keys in the 'chatbots' namespace. */
export const ZChatbotTemplate = z.object({
  id: z.string(),
  type: z.enum(CHATBOT_TYPES),
  nameKey: z.string(),
  descriptionKey: z.string(),
});
export type TChatbotTemplate = z.infer<typeof ZChatbotTemplate>;

/**
 * The live test of a draft: the server makes a web chat visitor on the account's test web chat
 * channel whose conversation runs the DRAFT through the real runtime. The web connects like the
 * widget: socket.io namespace `socketNamespace` (path /socket.io) with auth { slug, token }, sends
 * 'message' { id, text } and listens to 'message' / 'history'.
 */
export const ZChatbotTestSession = z.object({
  slug: z.string(),
  token: z.string(),
  socketNamespace: z.string(),
});
export type TChatbotTestSession = z.infer<typeof ZChatbotTestSession>;

export const CHATPAGE_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,48}[a-z0-9])$/;
export const ZChatPageBody = z.object({
  slug: z
    .string({ error: 'required' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'required' })
    .max(50, { error: 'tooLong' })
    .regex(CHATPAGE_SLUG_PATTERN, { error: 'invalid' }),
  title: z.string().trim().max(100, { error: 'tooLong' }).default(''),
  /** Empty or null: no image (the page shows the title's initials). */
  avatarUrl: zImageUrl.or(z.literal('')).nullish(),
  colors: z
    .object({
      primary: z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'invalid' }),
      background: z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'invalid' }),
    })
    .default({ primary: '#1c7ed6', background: '#ffffff' }),
  welcomeText: z.string().trim().max(1000, { error: 'tooLong' }).default(''),
});
export type TChatPageBody = z.infer<typeof ZChatPageBody>;
/** The chat page: served at `url` (/chat/<slug>, the web chat page), embeddable with the widget script. */
export const ZChatPage = ZChatPageBody.extend({ url: z.string(), chatbotId: z.string() });
export type TChatPage = z.infer<typeof ZChatPage>;

/** POST /p/conversations/:id/bot: hand a conversation back to a bot. */
export const ZHandBackBody = z.object({ chatbotId: zUuid });
