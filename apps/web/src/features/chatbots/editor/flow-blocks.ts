import {
  ACTION_BLOCK_TYPES,
  AI_BLOCK_TYPES,
  BUBBLE_BLOCK_TYPES,
  INPUT_BLOCK_TYPES,
  LOGIC_BLOCK_TYPES,
  type TFlowBlock,
  type TFlowBlockOf,
  type TFlowBlockType,
} from '@atende/shared';

/** The palette's sections, in order, with their block types (chatbots:palette.<section>). */
export const PALETTE: {
  section: TPaletteSection;
  types: readonly TFlowBlockType[];
}[] = [
  { section: 'bubbles', types: BUBBLE_BLOCK_TYPES },
  { section: 'inputs', types: INPUT_BLOCK_TYPES },
  { section: 'logic', types: LOGIC_BLOCK_TYPES },
  { section: 'actions', types: ACTION_BLOCK_TYPES },
  { section: 'ai', types: AI_BLOCK_TYPES },
];

export type TPaletteSection = 'bubbles' | 'inputs' | 'logic' | 'actions' | 'ai';

/** A short random id (documents keep ids under 64 characters). */
export function newId(prefix: string): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID().replace(/-/g, '').slice(0, 12)
      : Math.random().toString(36).slice(2, 14);
  return `${prefix}_${random}`;
}

const inputCommon = (id: string) => ({
  id,
  prompt: '',
  variableId: null,
  saveTo: null,
  retryMessage: '',
  retryLimit: 3,
  timeout: null,
});

/** A new block of `type` with its defaults (texts empty: the side panel asks for them). */
export function createBlock<T extends TFlowBlockType>(type: T, id = newId('b')): TFlowBlockOf<T> {
  const block = ((): TFlowBlock => {
    switch (type) {
      case 'text':
        return { id, type, text: '' };
      case 'image':
      case 'video':
      case 'audio':
        return { id, type, url: '', caption: null };
      case 'file':
        return { id, type, url: '', caption: null, fileName: null };
      case 'embed':
        return { id, type, url: '', title: null };
      case 'text_input':
        return { ...inputCommon(id), type, minLength: null, maxLength: null, pattern: null };
      case 'number_input':
        return { ...inputCommon(id), type, min: null, max: null };
      case 'phone_input':
        return { ...inputCommon(id), type, defaultCountryCode: '55' };
      case 'cpf_cnpj_input':
        return { ...inputCommon(id), type, accept: 'both' };
      case 'choice_input':
        return {
          ...inputCommon(id),
          type,
          mode: 'single',
          options: [{ id: newId('o'), title: '' }],
          listButtonLabel: null,
        };
      case 'picture_choice_input':
        return { ...inputCommon(id), type, options: [{ id: newId('o'), title: '', imageUrl: '' }] };
      case 'rating_input':
        return { ...inputCommon(id), type, scale: 'nps' };
      case 'email_input':
      case 'url_input':
      case 'date_input':
      case 'time_input':
      case 'file_input':
        return { ...inputCommon(id), type } as TFlowBlock;
      case 'set_variable':
        return { id, type, variableId: '', value: { kind: 'text', text: '' } };
      case 'condition':
        return { id, type, logic: 'and', conditions: [{ left: '', operator: 'equals', right: '' }] };
      case 'jump':
      case 'call':
        return { id, type, groupId: '' };
      case 'wait':
        return { id, type, seconds: 5 };
      case 'ab_split':
        return { id, type, percentA: 50 };
      case 'business_hours':
        return { id, type };
      case 'http_request':
        return { id, type, method: 'GET', url: '', headers: [], body: null, timeoutMs: 10_000, mapping: [] };
      case 'transfer':
        return { id, type, departmentId: null, operatorId: null, message: null };
      case 'add_tag':
        return { id, type, tagId: '' };
      case 'set_phase':
        return { id, type, phaseId: '' };
      case 'send_template':
        return { id, type, templateId: '', params: [] };
      case 'close':
        return { id, type, reason: null, message: null };
      case 'end':
        return { id, type };
      case 'ai_agent':
        return { id, type, message: null, maxTurns: 10, departmentId: null };
    }
    throw new Error(`unknown block type ${type}`);
  })();
  return block as TFlowBlockOf<T>;
}

/** The palette section of a block type (the node's colour and icon family). */
export function sectionOf(type: TFlowBlockType): TPaletteSection {
  return PALETTE.find((s) => s.types.includes(type))?.section ?? 'actions';
}
