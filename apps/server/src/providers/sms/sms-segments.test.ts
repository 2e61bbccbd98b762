import { describe, expect, it } from 'vitest';
import { smsSegments } from './sms-segments';

describe('smsSegments', () => {
  it('GSM-7: 160 in one segment, 153 per segment beyond', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161)).segments).toBe(2);
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
    expect(smsSegments('').segments).toBe(1);
  });

  it('GSM-7 extension characters count twice', () => {
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments(`${'€'.repeat(80)}a`).segments).toBe(2);
    expect(smsSegments('Oferta à vista: R$ 10 {ok} é hoje!').encoding).toBe('GSM-7');
    // 'á' is not in the GSM alphabet: the whole text goes UCS-2.
    expect(smsSegments('Olá').encoding).toBe('UCS-2');
  });

  it('UCS-2: 70 in one segment, 67 per segment beyond; emoji take two units', () => {
    expect(smsSegments('ç'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments('ç'.repeat(71)).segments).toBe(2);
    expect(smsSegments('ã'.repeat(134)).segments).toBe(2);
    expect(smsSegments('ã'.repeat(135)).segments).toBe(3);
    expect(smsSegments('🙂'.repeat(35))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
  });
});
