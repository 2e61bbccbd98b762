import { describe, expect, it } from 'vitest';
import { ERRORS, errorMessage, isErrorCode, type TErrorCode } from './errors';
import { LANGS } from './validation';

const codes = Object.keys(ERRORS) as TErrorCode[];

describe('error catalogue', () => {
  it.each(codes)('%s has non-empty pt-BR and en text and an HTTP error status', (code) => {
    for (const lang of LANGS) expect(ERRORS[code][lang].trim().length).toBeGreaterThan(0);
    expect(ERRORS[code].status).toBeGreaterThanOrEqual(400);
    expect(ERRORS[code].status).toBeLessThan(600);
    expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
    expect(isErrorCode(code)).toBe(true);
  });

  it('knows only its own codes', () => {
    expect(isErrorCode('NOPE')).toBe(false);
    expect(isErrorCode('hasOwnProperty')).toBe(false);
  });

  it('sends the JWT and account-load messages verbatim in every language (the web matches their text)', () => {
    const fixed: Array<[TErrorCode, string, number]> = [
      ['JWT_EXPIRED', 'jwt expired', 401],
      ['JWT_INVALID_SIGNATURE', 'invalid signature', 401],
      ['JWT_MALFORMED', 'jwt malformed', 401],
      ['JWT_INVALID', 'invalid token', 401],
      ['ACC_NOT_FOUND', 'Acc not found', 404],
      ['ACC_INVALID_USER', 'Invalid acc or user ID', 404],
    ];
    for (const [code, text, status] of fixed) {
      expect(errorMessage(code, 'en')).toBe(text);
      expect(errorMessage(code, 'pt-BR')).toBe(text);
      expect(ERRORS[code].status).toBe(status);
    }
  });

  it('carries the spec’s exact texts', () => {
    expect(ERRORS.NOT_AUTHORIZED.en).toBe(
      "You don't have access to this feature, talk to your account administrator",
    );
    expect(ERRORS.NOT_AUTHORIZED.status).toBe(403);
    expect(ERRORS.FUNCTION_UNAVAILABLE.en).toBe(
      'Function unavailable. Contact an administrator for more information.',
    );
    expect(ERRORS.PASSWORD_MISMATCH.en).toBe("Password doesn't match. Please try again.");
    expect(ERRORS.COUPON_INVALID['pt-BR']).toBe('Cupom inválido');
    expect(ERRORS.VALIDATION_FAILED.en).toBe('Please correct all errors in your form');
    expect(ERRORS.WHATSAPP_WINDOW_CLOSED.en).toBe(
      'Message failed to send because more than 24 hours have passed since the customer last replied',
    );
  });

  it('fills {field} placeholders and leaves unknown ones visible', () => {
    expect(errorMessage('ALIAS_IN_USE', 'en', { field: 'name' })).toBe(
      'The alias provided for "name" is already in use. Please choose a different one.',
    );
    expect(errorMessage('ALIAS_IN_USE', 'pt-BR', { field: 'nome' })).toContain('"nome"');
    expect(errorMessage('ALIAS_IN_USE', 'en')).toContain('"{field}"');
  });
});
