import { normalizePhone } from '@atende/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeImportPhone } from './contact-import-rows';

const digit = fc.constantFrom(...'0123456789');
const digits = (min: number, max: number) =>
  fc.array(digit, { minLength: min, maxLength: max }).map((d) => d.join(''));
/** Digits dressed the way spreadsheets hold phones: spaces, brackets, hyphens, dots, +55. */
const dressed = fc
  .tuple(
    fc.constantFrom('', '+55', '+55 ', '55', '0', '+', '+1 '),
    digits(0, 14),
    fc.array(fc.constantFrom(' ', '-', '(', ')', '.', '/', 'x'), { maxLength: 3 }),
  )
  .map(([prefix, body, marks]) => {
    let text = body;
    for (const [i, mark] of marks.entries()) {
      const at = Math.floor(((i + 1) * text.length) / (marks.length + 1));
      text = `${text.slice(0, at)}${mark}${text.slice(at)}`;
    }
    return `${prefix}${text}`;
  });

describe('normalizeImportPhone (the import fast path)', () => {
  it('answers exactly what normalizePhone answers', () => {
    fc.assert(
      fc.property(dressed, (raw) => {
        expect(normalizeImportPhone(raw)).toBe(normalizePhone(raw));
      }),
      { numRuns: 20_000 },
    );
  });

  it('agrees for every two-digit area code, 8 and 9 digits, local and E.164 forms', () => {
    for (let ddd = 0; ddd < 100; ddd++) {
      for (const rest of ['98765432', '33334444', '987654321', '123456789', '55512345', '90000000']) {
        const local = `${String(ddd).padStart(2, '0')}${rest}`;
        for (const raw of [local, `(${local.slice(0, 2)}) ${local.slice(2)}`, `+55${local}`, `55${local}`])
          expect(normalizeImportPhone(raw)).toBe(normalizePhone(raw));
      }
    }
  });

  it('normalizes the usual Brazilian forms to E.164', () => {
    expect(normalizeImportPhone('(11) 98765-4321')).toBe('+5511987654321');
    expect(normalizeImportPhone('+55 21 3333-4444')).toBe('+552133334444');
    expect(normalizeImportPhone('+1 415 555 2671')).toBe('+14155552671');
    expect(normalizeImportPhone('(11) 98765')).toBeNull();
  });
});
