import { fireEvent, render, screen, within } from '@testing-library/react';
import type { TChannel } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectSameWhileClosing, withMotion } from '../../../test/closing-dialog';
import { mockApi } from '../../../test/mock-api';
import { Wrapper } from '../../../test/setup';
import { signInTestAdmin, TEST_ACC } from '../settings-testing';
import { ChannelsTab } from './channels-tab';

const WHATSAPP: TChannel = {
  _id: '0190aaaa-0000-7000-8000-0000000000d1',
  acc: TEST_ACC,
  kind: 'whatsapp-cloud',
  name: 'Vendas',
  status: 'active',
  externalId: '109876543210',
  config: { phoneNumberId: '109876543210', wabaId: '209876543210', displayPhone: '+5511999990000' },
  configured: { accessToken: true, appSecret: true, verifyToken: true },
  webhookUrl: 'https://atende.example/webhooks/whatsapp-cloud/0190aaaa-0000-7000-8000-0000000000d1',
  createdAt: '2025-03-01T12:00:00.000Z',
};

beforeEach(signInTestAdmin);
afterEach(() => vi.restoreAllMocks());

describe('connecting a channel', { timeout: 20_000 }, () => {
  it('a chat page address already in use is said under the address, and goes once it is changed', async () => {
    const { calls } = mockApi((call) => {
      if (call.path === '/p/chat/channels' && call.method === 'POST')
        return {
          status: 409,
          body: {
            status: 0,
            code: 'CHANNEL_IN_USE',
            message: 'This number or address is already connected to an account',
          },
        };
      if (call.path === '/p/chat/channels') return { body: [WHATSAPP] };
      return undefined;
    });
    render(<ChannelsTab acc={TEST_ACC} />, { wrapper: Wrapper });
    fireEvent.click(await screen.findByRole('button', { name: /Conectar canal/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /Chat do site/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Conectar Chat do site' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Nome do canal/ }), {
      target: { value: 'Loja Centro' },
    });
    const address = within(dialog).getByRole('textbox', { name: /Endereço da página de chat/ });
    fireEvent.change(address, { target: { value: 'demo-loja' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conectar' }));
    const taken = 'Este número ou endereço já está conectado a uma conta';
    expect(await within(dialog).findByText(taken)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    // On the field, not an alert above the form that outlives the next attempt.
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    fireEvent.change(address, { target: { value: 'loja-centro' } });
    expect(within(dialog).queryByText(taken)).toBeNull();
  });
});

describe('channel dialogs fading out', { timeout: 20_000 }, () => {
  it('the setup instructions keep the channel’s name and webhook while they fade out', async () => {
    await withMotion(async () => {
      mockApi((call) => (call.path === '/p/chat/channels' ? { body: [WHATSAPP] } : undefined));
      render(<ChannelsTab acc={TEST_ACC} />, { wrapper: Wrapper });
      fireEvent.click(await screen.findByRole('button', { name: 'Instruções de instalação de Vendas' }));
      const dialog = await screen.findByRole('dialog', { name: 'Instalação de Vendas' });
      expect(within(dialog).getByDisplayValue(WHATSAPP.webhookUrl!)).toBeInTheDocument();
      await expectSameWhileClosing(dialog, () =>
        fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' })),
      );
    });
  });

  it('the edit form stays a WhatsApp channel’s (title, fields) while it fades out', async () => {
    await withMotion(async () => {
      mockApi((call) => (call.path === '/p/chat/channels' ? { body: [WHATSAPP] } : undefined));
      render(<ChannelsTab acc={TEST_ACC} />, { wrapper: Wrapper });
      fireEvent.click(await screen.findByRole('button', { name: 'Mais ações de Vendas' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Editar' }));
      const dialog = await screen.findByRole('dialog', { name: 'Editar WhatsApp Cloud API' });
      expect(within(dialog).getByLabelText(/Phone number ID/i)).toHaveValue('109876543210');
      await expectSameWhileClosing(dialog, () =>
        fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' })),
      );
    });
  });
});
