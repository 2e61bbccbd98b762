import type { TFunction } from 'i18next';
import { blockExits, isInputBlock, type TFlowBlock, type TFlowDocument } from '@atende/shared';

/** A block's name in the interface (chatbots:blocks.<type>). */
export const blockName = (t: TFunction, type: TFlowBlock['type']) => t(`chatbots:blocks.${type}`);

/**
 * One line about what the block does (its text, question, address…), or '' when not set yet.
 * `departmentName` names a transfer's department (blocks keep its id).
 */
export function blockSummary(
  t: TFunction,
  block: TFlowBlock,
  doc: TFlowDocument,
  departmentName: (id: string) => string | undefined = () => undefined,
): string {
  const variable = (id: string | null | undefined) => doc.variables.find((v) => v.id === id)?.name ?? '';
  const group = (id: string) => doc.groups.find((g) => g.id === id);
  if (isInputBlock(block)) return block.prompt;
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'video':
    case 'audio':
    case 'file':
    case 'embed':
      return block.url;
    case 'set_variable':
      return variable(block.variableId)
        ? `${variable(block.variableId)} = ${
            block.value.kind === 'text' ? block.value.text : t(`chatbots:builtins.${block.value.builtin}`)
          }`
        : '';
    case 'condition':
      return block.conditions.length
        ? t('chatbots:summary.conditions', { count: block.conditions.length })
        : '';
    case 'jump': {
      const target = group(block.groupId);
      return target ? t('chatbots:summary.jump', { group: groupTitle(t, doc, target.id) }) : '';
    }
    case 'call': {
      const target = group(block.groupId);
      return target ? t('chatbots:summary.call', { group: groupTitle(t, doc, target.id) }) : '';
    }
    case 'wait':
      return t('chatbots:summary.wait', { count: block.seconds });
    case 'ab_split':
      return t('chatbots:summary.ab', { a: block.percentA, b: 100 - block.percentA });
    case 'business_hours':
      return t('chatbots:summary.hours');
    case 'http_request':
      return block.url ? `${block.method} ${block.url}` : '';
    case 'transfer':
      return block.departmentId
        ? t('chatbots:summary.toDepartment', { name: departmentName(block.departmentId) ?? '…' })
        : t('chatbots:summary.toQueue');
    case 'close':
      return block.reason ?? '';
    case 'end':
      return t('chatbots:summary.end');
    case 'send_template':
      // The template's variables as mapped (its name is the account's data, shown in the panel).
      return block.params.filter((p) => p.trim()).join(' · ');
    case 'ai_agent':
      return block.message || t('chatbots:summary.aiAgent', { count: block.maxTurns });
    default:
      return '';
  }
}

/** A group's title, or "Grupo N" (its place in the document) when it has none. */
export function groupTitle(t: TFunction, doc: TFlowDocument, groupId: string): string {
  const index = doc.groups.findIndex((g) => g.id === groupId);
  const title = doc.groups[index]?.title.trim();
  return title || t('chatbots:editor.groupN', { n: index + 1 });
}

/** The label of a block's exit: an option's title, or the exit's meaning. */
export function exitLabel(t: TFunction, block: TFlowBlock, exit: string): string {
  if (block.type === 'choice_input' || block.type === 'picture_choice_input') {
    const index = block.options.findIndex((o) => o.id === exit);
    if (index >= 0) return block.options[index].title.trim() || t('chatbots:exits.optionN', { n: index + 1 });
  }
  if (block.type === 'ab_split' && (exit === 'a' || exit === 'b'))
    return t(`chatbots:exits.${exit}`, { percent: exit === 'a' ? block.percentA : 100 - block.percentA });
  if (exit === 'default' && block.type === 'call') return t('chatbots:exits.afterCall');
  if (exit === 'default') return t(isInputBlock(block) ? 'chatbots:exits.answered' : 'chatbots:exits.next');
  return t(`chatbots:exits.${exit}`);
}

/**
 * The exits the canvas shows: every exit that has an edge, and the ones that matter for the block
 * (an input's timeout only when it has one).
 */
export function shownExits(block: TFlowBlock, connected: (exit: string) => boolean): string[] {
  return blockExits(block).filter((exit) => {
    if (connected(exit)) return true;
    if (exit === 'timeout') return isInputBlock(block) && !!block.timeout;
    return true;
  });
}
