import type { TMessage } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { smsTextOf } from '../../providers/sms/sms.adapter';
import { visitorMessageOf } from './webchat-presenter';

const options = [
  { id: 'sales', title: 'Vendas' },
  { id: 'support', title: 'Suporte' },
];

describe('options of a bot question on web chat and SMS', () => {
  it("hands the visitor the options to show as buttons, and no ids of the team's", () => {
    const message = {
      id: 'm1',
      author: 'bot',
      authorName: null,
      kind: 'interactive',
      body: 'Com quem quer falar?',
      media: null,
      interactive: { options },
      timestamp: '2026-11-24T12:00:00.000Z',
      ack: 1,
    } as unknown as TMessage;
    expect(visitorMessageOf(message)).toEqual({
      id: 'm1',
      uid: 'm1',
      author: 'bot',
      authorName: null,
      kind: 'interactive',
      body: 'Com quem quer falar?',
      media: null,
      options,
      timestamp: '2026-11-24T12:00:00.000Z',
      ack: 1,
    });
  });

  it('writes the options of an SMS as numbered lines the customer answers with the number', () => {
    expect(smsTextOf({ kind: 'interactive', to: '+5511', text: 'Com quem?', interactive: { options } })).toBe(
      'Com quem?\n\n1. Vendas\n2. Suporte',
    );
    expect(smsTextOf({ kind: 'text', to: '+5511', text: 'oi' })).toBe('oi');
    expect(
      smsTextOf({ kind: 'media', to: '+5511', media: { url: 'http://x/a.png', mimeType: 'image/png' } }),
    ).toBeUndefined();
  });
});
