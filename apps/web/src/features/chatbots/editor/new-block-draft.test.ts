import { describe, expect, it } from 'vitest';
import {
  ACTION_BLOCK_TYPES,
  AI_BLOCK_TYPES,
  BUBBLE_BLOCK_TYPES,
  emptyFlowDocument,
  INPUT_BLOCK_TYPES,
  LOGIC_BLOCK_TYPES,
  validateFlow,
  ZFlowDocument,
} from '@atende/shared';
import { createBlock } from './flow-blocks';

const ALL = [
  ...BUBBLE_BLOCK_TYPES,
  ...INPUT_BLOCK_TYPES,
  ...LOGIC_BLOCK_TYPES,
  ...ACTION_BLOCK_TYPES,
  ...AI_BLOCK_TYPES,
];

const withBlock = (type: (typeof ALL)[number]) => ({
  ...emptyFlowDocument(),
  groups: [{ id: 'g1', title: 'G', position: { x: 0, y: 0 }, blocks: [createBlock(type, 'b1')] }],
});

describe('a block just added to the canvas', () => {
  it.each(ALL)('%s: the draft saves as it is (the server stores unfinished drafts)', (type) => {
    const parsed = ZFlowDocument.safeParse(withBlock(type));
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('publishing names what each unfinished block still needs', () => {
    const needs = (type: (typeof ALL)[number]) =>
      validateFlow(ZFlowDocument.parse(withBlock(type)))
        .filter((i) => i.blockId === 'b1')
        .map((i) => [i.code, i.path.slice(4).join('.')]);
    expect(needs('condition')).toEqual([['text_required', 'conditions.0.left']]);
    expect(needs('set_variable')).toEqual([['text_required', 'variableId']]);
    expect(needs('jump')).toEqual([['missing_target', 'groupId']]);
    expect(needs('call')).toEqual([['missing_target', 'groupId']]);
    expect(needs('add_tag')).toEqual([['text_required', 'tagId']]);
    expect(needs('set_phase')).toEqual([['text_required', 'phaseId']]);
  });
});
