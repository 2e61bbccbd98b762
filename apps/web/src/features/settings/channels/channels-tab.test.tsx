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
