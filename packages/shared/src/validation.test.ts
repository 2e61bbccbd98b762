import { describe, expect, it } from 'vitest';
import {
  isDeleteConfirmation,
  isPasswordAcceptable,
  isValidationKey,
  isValidEmail,
  LANGS,
  normalizePhone,
  PASSWORD_LEVELS,
  passwordChecks,
  passwordLevel,
  resolveLang,
  VALIDATION_MESSAGES,
} from './validation';

describe('normalizePhone (default country code 55)', () => {
  it.each([
    ['(11) 98765-4321', '+5511987654321'],
    ['11 98765-4321', '+5511987654321'],
    ['11987654321', '+5511987654321'],
    ['5511987654321', '+5511987654321'],
    ['+55 11 98765-4321', '+5511987654321'],
    ['(11) 3333-4444', '+551133334444'],
    ['+1 415 555 2671', '+14155552671'],
  ])('%s → %s', (input, e164) => {
    expect(normalizePhone(input)).toBe(e164);
  });

  it.each(['', '   ', '123', 'abc', '+55 11 1234', '+999 123', '0000000000', '(11) 98765'])(
    'rejects %j',
    (input) => {
      expect(normalizePhone(input)).toBeNull();
    },
  );
});

describe('isValidEmail', () => {
  it.each(['ana@example.com', 'a.b+tag@sub.example.com.br', 'x@y.co'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each(['', 'ana', 'ana@', '@example.com', 'a@b', 'a b@c.com', 'x@y.c', `${'a'.repeat(250)}@example.com`])(
    'rejects %j',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});

describe('password policy (spec §5)', () => {
  it('checks length 8, uppercase, lowercase, number and special character', () => {
    expect(passwordChecks('Abcdef1!')).toEqual({
      length: true,
      upper: true,
      lower: true,
      number: true,
      special: true,
    });
    expect(passwordChecks('abc')).toEqual({
      length: false,
      upper: false,
      lower: true,
      number: false,
      special: false,
    });
    expect(passwordChecks('ABCDEFGH')).toEqual({
      length: true,
      upper: true,
      lower: false,
      number: false,
      special: false,
    });
  });

  it('accepts a password only when every check passes', () => {
    expect(isPasswordAcceptable('Str0ng!Pass')).toBe(true);
    expect(isPasswordAcceptable('Abcdef1!')).toBe(true);
    expect(isPasswordAcceptable('Abcde1!')).toBe(false); // 7 characters
    expect(isPasswordAcceptable('abcdef1!')).toBe(false); // no uppercase
    expect(isPasswordAcceptable('ABCDEF1!')).toBe(false); // no lowercase
    expect(isPasswordAcceptable('Abcdefg!')).toBe(false); // no number
    expect(isPasswordAcceptable('Abcdefg1')).toBe(false); // no special character
    expect(isPasswordAcceptable(`Aa1!${'x'.repeat(200)}`)).toBe(false); // too long
  });

  it('rates five levels from very weak to very strong', () => {
    expect(PASSWORD_LEVELS).toEqual(['veryWeak', 'weak', 'medium', 'strong', 'veryStrong']);
    expect(passwordLevel('')).toBe('veryWeak');
    expect(passwordLevel('a')).toBe('veryWeak');
    expect(passwordLevel('abcdefgh')).toBe('weak');
    expect(passwordLevel('Abcdefgh')).toBe('medium');
    expect(passwordLevel('Abcdefg1')).toBe('strong');
    expect(passwordLevel('Abcdef1!')).toBe('veryStrong');
  });

  it('lets a low guess score lower the level, but never below medium for a policy-complete password', () => {
    expect(passwordLevel('Abcdef1!', 0)).toBe('medium');
    expect(passwordLevel('Abcdef1!', 3)).toBe('strong');
    expect(passwordLevel('Abcdef1!', 4)).toBe('veryStrong');
    expect(passwordLevel('Abcdefg1', 0)).toBe('veryWeak');
  });
});

describe('isDeleteConfirmation', () => {
  it('accepts DELETE and EXCLUIR exactly', () => {
    expect(isDeleteConfirmation('DELETE')).toBe(true);
    expect(isDeleteConfirmation('EXCLUIR')).toBe(true);
  });

  it.each(['delete', 'excluir', 'DELETE ', ' EXCLUIR', '', 'REMOVE', 'DELET'])('rejects %j', (word) => {
    expect(isDeleteConfirmation(word)).toBe(false);
  });
});

describe('resolveLang (spec §4)', () => {
  it.each([
    ['en', 'en'],
    ['en-US', 'en'],
    ['EN-gb', 'en'],
    ['pt', 'pt-BR'],
    ['pt-BR', 'pt-BR'],
    ['pt_BR', 'pt-BR'],
    ['fr', 'en'],
    ['de-DE', 'en'],
    ['', 'en'],
  ] as const)('%j → %s', (input, lang) => {
    expect(resolveLang(input)).toBe(lang);
  });

  it('falls back to English without a language', () => {
    expect(resolveLang(null)).toBe('en');
    expect(resolveLang(undefined)).toBe('en');
  });
});

describe('VALIDATION_MESSAGES', () => {
  it('has non-empty pt-BR and en text for every key', () => {
    for (const [key, texts] of Object.entries(VALIDATION_MESSAGES)) {
      for (const lang of LANGS) expect(texts[lang].trim().length, `${key}.${lang}`).toBeGreaterThan(0);
      expect(isValidationKey(key)).toBe(true);
    }
    expect(isValidationKey('nope')).toBe(false);
    expect(isValidationKey('toString')).toBe(false);
  });

  it('carries the spec’s exact texts (§5)', () => {
    expect(VALIDATION_MESSAGES.email.en).toBe('Insert a valid e-mail');
    expect(VALIDATION_MESSAGES.phone.en).toBe('Invalid phone number');
    expect(VALIDATION_MESSAGES.phone['pt-BR']).toBe('Telefone inválido, por favor verifique');
    expect(VALIDATION_MESSAGES.passwordMismatch.en).toBe("Password doesn't match. Please try again.");
    expect(VALIDATION_MESSAGES.messageEmpty.en).toBe('Message cannot be empty');
    expect(VALIDATION_MESSAGES.messageEmpty['pt-BR']).toBe('Messagem não pode estar vazio');
    expect(VALIDATION_MESSAGES.selectRequired.en).toBe('Select field is required');
    expect(VALIDATION_MESSAGES.selectRequired['pt-BR']).toBe('Selecione campo é obrigatório');
    expect(VALIDATION_MESSAGES.formErrors.en).toBe('Please correct all errors in your form');
    expect(VALIDATION_MESSAGES.formErrors['pt-BR']).toBe(
      'Por favor, corrija todos os erros em seu formulário',
    );
    expect(VALIDATION_MESSAGES.couponInvalid.en).toBe('Coupon code is not valid');
    expect(VALIDATION_MESSAGES.couponInvalid['pt-BR']).toBe('Cupom inválido');
    expect(VALIDATION_MESSAGES.required['pt-BR']).toBe('Este campo é obrigatório');
  });
});
