import { describe, expect, it } from 'vitest';
import { findRawCodes } from '../../../../e2e/support/raw-codes';
import { buildResources } from './locale-resources';

// The e2e page check (e2e/support/raw-codes.ts) finds keys and codes and lets words pass.
describe('raw keys and codes on screen', () => {
  it('finds i18n keys, dotted codes and SCREAMING_SNAKE / long capital codes', () => {
    expect(findRawCodes('Ação: conversation.closed', ['inbox'])).toEqual(['conversation.closed']);
    expect(findRawCodes('inbox:close.title', ['inbox'])).toEqual(['inbox:close.title']);
    expect(findRawCodes('Motivo: INACTIVITY', [])).toEqual(['INACTIVITY']);
    expect(findRawCodes('Erro CONTACT_NOT_FOUND', [])).toEqual(['CONTACT_NOT_FOUND']);
    expect(findRawCodes('stages.waiting', [])).toEqual(['stages.waiting']);
  });

  it('lets words, e-mails, addresses, file names, times and typed confirmations pass', () => {
    const text =
      'Fale com demo@atende.local ou maria.silva@loja.com.br — https://atende.app/chat/loja, contatos.csv, ' +
      '10:30, 1.234,56, Ex.: Site da loja. Digite EXCLUIR para confirmar; SMS, CSV, WhatsApp, e.g. this.';
    expect(findRawCodes(text, ['inbox', 'common'])).toEqual([]);
  });

  it('no text of either language is itself a raw code', () => {
    const resources = buildResources() as Record<string, Record<string, unknown>>;
    const texts = (value: unknown): string[] =>
      typeof value === 'string'
        ? [value]
        : value && typeof value === 'object'
          ? Object.values(value).flatMap(texts)
          : [];
    for (const lang of ['pt-BR', 'en']) {
      const all = Object.entries(resources[lang])
        .filter(([ns]) => ns !== 'errors')
        .flatMap(([, v]) => texts(v))
        .join('\n');
      expect(findRawCodes(all), lang).toEqual([]);
    }
  });
});
