import { ZCreateChannelBody, ZUpdateChannelBody, type TChannel } from '@atende/shared';
import { describe, expect, it } from 'vitest';
import { channelBody, initialValues, slugify, statusBody } from './channel-kinds';
import { embedSnippet } from './channel-setup';

const whatsapp: TChannel = {
  _id: '0190aaaa-0000-7000-8000-0000000000d1',
  acc: 'acc',
  kind: 'whatsapp-cloud',
  name: 'Vendas',
  status: 'active',
  externalId: '109876543210',
  config: { phoneNumberId: '109876543210', wabaId: '209876543210', displayPhone: '+5511999990000' },
  configured: { accessToken: true, appSecret: true, verifyToken: true },
  webhookUrl: 'https://atende.example/webhooks/whatsapp-cloud/0190aaaa-0000-7000-8000-0000000000d1',
  createdAt: '2025-03-01T12:00:00.000Z',
};

describe('channel forms', () => {
  it('the chat page address follows the name without accents or symbols', () => {
    expect(slugify('Loja São João — Atendimento!')).toBe('loja-sao-joao-atendimento');
    expect(slugify('  ')).toBe('');
  });

  it('a new WhatsApp channel gets a random verify token; its body is valid for the server', () => {
    const values = {
      ...initialValues('whatsapp-cloud'),
      name: 'Vendas',
      phoneNumberId: '109876543210',
      wabaId: '209876543210',
      displayPhone: '+5511999990000',
      accessToken: 'EAAG',
      appSecret: 'secret',
    };
    expect(values.verifyToken).toMatch(/^[0-9a-f]{36}$/);
    expect(initialValues('whatsapp-cloud').verifyToken).not.toBe(values.verifyToken);
    expect(ZCreateChannelBody.safeParse(channelBody(values, false)).success).toBe(true);
  });

  it('editing leaves empty secrets out (the stored ones stay); disabling keeps the config', () => {
    const body = channelBody({ ...initialValues('whatsapp-cloud', whatsapp), name: 'Vendas SP' }, true);
    expect(body).toMatchObject({ kind: 'whatsapp-cloud', name: 'Vendas SP', wabaId: '209876543210' });
    expect(body).toMatchObject({ accessToken: undefined, appSecret: undefined, verifyToken: undefined });
    const disable = statusBody(whatsapp, 'disabled');
    expect(disable).toMatchObject({ status: 'disabled', displayPhone: '+5511999990000', name: 'Vendas' });
    expect(ZUpdateChannelBody.safeParse(disable).success).toBe(true);
  });

  it('the embed snippet loads the widget script asynchronously', () => {
    expect(embedSnippet('https://atende.example/widget/loja.js')).toBe(
      '<script src="https://atende.example/widget/loja.js" async></script>',
    );
  });
});
