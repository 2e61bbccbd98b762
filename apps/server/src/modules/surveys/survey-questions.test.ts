import { DEFAULT_SURVEY_SETTINGS, numberedOptionsText } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { answersAwaited } from '../inbox/intake/awaited-replies';
import { awaitedOf, nextStep, npsRangeQuestion, parseAnswer, questionOf } from './survey-questions';

const settings = { ...DEFAULT_SURVEY_SETTINGS, enabled: true };

describe('survey questions per channel', () => {
  it('SMS gets a numbered text; web chat buttons; WhatsApp CSAT a list, NPS three ranges', () => {
    const sms = questionOf('csat', settings, 'pt-BR', 'sms');
    expect(sms.interactive).toBeUndefined();
    expect(sms.text).toContain('1 - Muito ruim\n2 - Ruim\n3 - Regular\n4 - Bom\n5 - Excelente');
    expect(questionOf('nps', settings, 'en', 'sms').text).toContain('From 0 to 10');
    // Web chat buttons send their title as the visitor's text: it carries the score.
    const webCsat = questionOf('csat', settings, 'pt-BR', 'webchat');
    expect(webCsat.interactive?.options).toEqual([
      { id: 'csat:1', title: '1 - Muito ruim' },
      { id: 'csat:2', title: '2 - Ruim' },
      { id: 'csat:3', title: '3 - Regular' },
      { id: 'csat:4', title: '4 - Bom' },
      { id: 'csat:5', title: '5 - Excelente' },
    ]);
    expect(parseAnswer('csat', { text: '5 - Excelente' })).toEqual({ kind: 'score', score: 5 });
    // WhatsApp list rows: the label once, in score order (a text fallback reads "1. Muito ruim").
    const waCsat = questionOf('csat', settings, 'pt-BR', 'whatsapp-cloud');
    expect(waCsat.interactive?.options.map((o) => o.title)).toEqual([
      'Muito ruim',
      'Ruim',
      'Regular',
      'Bom',
      'Excelente',
    ]);
    expect(numberedOptionsText(waCsat.text, waCsat.interactive!)).toContain('1. Muito ruim\n2. Ruim');
    const web = questionOf('nps', settings, 'en', 'webchat');
    expect(web.interactive?.options.map((o) => o.title)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    const wa = questionOf('nps', settings, 'pt-BR', 'whatsapp-cloud');
    expect(wa.interactive?.options.map((o) => o.title)).toEqual(['0 a 6', '7 ou 8', '9 ou 10']);
    expect(npsRangeQuestion(9, 10, 'en').interactive?.options.map((o) => o.id)).toEqual(['nps:10', 'nps:9']);
    expect(questionOf('comment', { ...settings, commentQuestion: 'Por quê?' }, 'pt-BR', 'sms').text).toBe(
      'Por quê?',
    );
  });

  it('reads picked options and typed numbers in the scale; anything else is no answer', () => {
    expect(parseAnswer('csat', { reply: { id: 'csat:4', title: 'Bom' } })).toEqual({
      kind: 'score',
      score: 4,
    });
    expect(parseAnswer('csat', { text: '5' })).toEqual({ kind: 'score', score: 5 });
    expect(parseAnswer('csat', { text: '4 - Bom' })).toEqual({ kind: 'score', score: 4 });
    expect(parseAnswer('csat', { text: '0' })).toBeNull();
    expect(parseAnswer('csat', { text: '6' })).toBeNull();
    expect(parseAnswer('csat', { text: 'meu pedido 2 atrasou' })).toBeNull();
    expect(parseAnswer('nps', { text: '0' })).toEqual({ kind: 'score', score: 0 });
    expect(parseAnswer('nps', { text: '10!' })).toEqual({ kind: 'score', score: 10 });
    expect(parseAnswer('nps', { text: '11' })).toBeNull();
    expect(parseAnswer('nps', { reply: { id: 'nps-range:7-8', title: '7 ou 8' } })).toEqual({
      kind: 'range',
      min: 7,
      max: 8,
    });
    expect(parseAnswer('nps', { reply: { id: 'csat:3', title: '3' } })).toBeNull();
    expect(parseAnswer('comment', { text: ' Ótimo ', kind: 'text' })).toEqual({
      kind: 'comment',
      text: 'Ótimo',
    });
    expect(parseAnswer('comment', { text: '', kind: 'image' })).toBeNull();
  });

  it('the inbox keeps exactly the replies the survey reads as answers', () => {
    const until = new Date(Date.now() + 3600_000);
    const csat = awaitedOf('csat', until);
    for (const text of ['1', '5', '4 - Bom', '3.'])
      expect(answersAwaited(csat, { text, kind: 'text' })).toBe(true);
    for (const text of ['0', '6', 'olá', '12'])
      expect(answersAwaited(csat, { text, kind: 'text' })).toBe(false);
    const nps = awaitedOf('nps', until);
    expect(answersAwaited(nps, { reply: { id: 'nps-range:0-6', title: '0 a 6' } })).toBe(true);
    expect(answersAwaited(nps, { text: '0', kind: 'text' })).toBe(true);
    expect(answersAwaited(awaitedOf('comment', until), { text: 'qualquer texto', kind: 'text' })).toBe(true);
  });

  it('steps: CSAT then NPS when both, then the comment when enabled', () => {
    expect(nextStep('csat', 'both', true)).toBe('nps');
    expect(nextStep('nps', 'both', true)).toBe('comment');
    expect(nextStep('csat', 'csat', false)).toBeNull();
    expect(nextStep('comment', 'nps', true)).toBeNull();
  });
});
