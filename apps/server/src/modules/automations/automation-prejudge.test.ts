import type { TAutomationConditions } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { conditionsHold, evaluateConditions, type TConditionFacts } from './automation-conditions';
import type { TTriggerInput } from './automation-engine';
import { eventFacts, skipOnEvent } from './automation-prejudge';
import type { TAutomationRow } from './automations.repo';

const ruleOf = (over: Partial<TAutomationRow>): TAutomationRow => ({
  id: '01900000-0000-7000-8000-000000000001',
  accountId: '01900000-0000-7000-8000-0000000000aa',
  name: 'Regra',
  triggerType: 'message.received',
  trigger: { type: 'message.received' },
  conditions: { match: 'all', groups: [] },
  actions: [{ type: 'note', text: 'nota' }],
  active: true,
  position: 0,
  maxPerHour: 5,
  disabledReason: null,
  systemKind: null,
  createdBy: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...over,
});

const textHas = (value: string): TAutomationConditions => ({
  match: 'all',
  groups: [{ match: 'any', conditions: [{ field: 'messageText', op: 'contains', value }] }],
});

const input = (messageText: string, over: Partial<TTriggerInput> = {}): TTriggerInput => ({
  accountId: '01900000-0000-7000-8000-0000000000aa',
  trigger: 'message.received',
  key: '01900000-0000-7000-8000-0000000000ee',
  // A Wednesday in São Paulo.
  at: new Date('2026-11-25T15:00:00Z'),
  conversationId: '01900000-0000-7000-8000-0000000000cc',
  contactId: '01900000-0000-7000-8000-0000000000dd',
  messageText,
  ...over,
});

const judge = (rule: TAutomationRow, i: TTriggerInput) =>
  skipOnEvent(rule, i, eventFacts(i, 'America/Sao_Paulo'));

describe('judging a rule on the event alone (in the transaction that emits it)', () => {
  it('rules out a keyword rule whose word the message lacks, and leaves one whose word it has to the job', () => {
    const rule = ruleOf({ conditions: textHas('boleto') });
    expect(judge(rule, input('Bom dia'))).toBe('conditionsNotMet');
    expect(judge(rule, input('Quero o BOLETO'))).toBeNull();
  });

  it('a change the rule made itself is its own action', () => {
    const rule = ruleOf({ conditions: textHas('boleto') });
    expect(judge(rule, input('boleto', { cause: `automation:${rule.id}` }))).toBe('ownAction');
  });

  it('leaves to the job what the event alone cannot tell: no conditions, the contact, the hours, a named tag', () => {
    expect(judge(ruleOf({}), input('Bom dia'))).toBeNull();
    const onContact: TAutomationConditions = {
      match: 'all',
      groups: [
        { match: 'all', conditions: [{ field: 'contactField', key: 'email', op: 'empty', value: '' }] },
      ],
    };
    expect(judge(ruleOf({ conditions: onContact }), input('Bom dia'))).toBeNull();
    const hours: TAutomationConditions = {
      match: 'all',
      groups: [{ match: 'all', conditions: [{ field: 'hours', value: 'inside' }] }],
    };
    expect(judge(ruleOf({ conditions: hours }), input('Bom dia'))).toBeNull();
    const tagged = ruleOf({
      conditions: textHas('boleto'),
      actions: [{ type: 'add_tag', tagId: '01900000-0000-7000-8000-0000000000ff' }],
    });
    expect(judge(tagged, input('Bom dia'))).toBeNull();
  });

  it('judges the weekday in the account time zone', () => {
    const onSunday: TAutomationConditions = {
      match: 'all',
      groups: [{ match: 'all', conditions: [{ field: 'weekday', values: [0] }] }],
    };
    expect(judge(ruleOf({ conditions: onSunday }), input('oi'))).toBe('conditionsNotMet');
    const onWednesday = {
      ...onSunday,
      groups: [{ match: 'all' as const, conditions: [{ field: 'weekday' as const, values: [3] }] }],
    };
    expect(judge(ruleOf({ conditions: onWednesday }), input('oi'))).toBeNull();
  });

  it('answers as evaluateConditions does, for AND/OR groups', () => {
    const facts: TConditionFacts = {
      conversation: null,
      contact: null,
      messageText: 'Preço do pix',
      openNow: true,
      weekday: 3,
    };
    const cases: TAutomationConditions[] = [
      { match: 'all', groups: [] },
      textHas('pix'),
      textHas('boleto'),
      {
        match: 'any',
        groups: [
          { match: 'all', conditions: [{ field: 'messageText', op: 'contains', value: 'boleto' }] },
          { match: 'all', conditions: [{ field: 'weekday', values: [3] }] },
        ],
      },
      {
        match: 'all',
        groups: [
          {
            match: 'all',
            conditions: [
              { field: 'messageText', op: 'starts_with', value: 'preço' },
              { field: 'hours', value: 'outside' },
            ],
          },
        ],
      },
    ];
    for (const conditions of cases)
      expect(conditionsHold(conditions, facts)).toBe(evaluateConditions(conditions, facts).ok);
  });
});
