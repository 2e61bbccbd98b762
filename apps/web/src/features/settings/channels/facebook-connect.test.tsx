import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { TFacebookSignupConfig } from '@atende/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n';
import { mockApi } from '../../../test/mock-api';
import { Wrapper } from '../../../test/setup';
import { FacebookConnect } from './facebook-connect';
import type { TFacebookLoginResponse } from './facebook-sdk';

const ENABLED: TFacebookSignupConfig = {
  enabled: true,
  appId: '123456789012',
  configId: '998877665544',
  graphVersion: 'v21.0',
};

afterEach(async () => {
  vi.restoreAllMocks();
  delete window.FB;
  await i18n.changeLanguage('pt-BR');
});

/** The SDK as Facebook's script leaves it: login opens the popup, which posts the session and answers. */
function fakeSdk(answer: TFacebookLoginResponse, session?: { waba_id: string; phone_number_id: string }) {
  const sdk = {
    init: vi.fn(),
    login: vi.fn((callback: (r: TFacebookLoginResponse) => void, _options: Record<string, unknown>) => {
      if (session)
        window.dispatchEvent(
          new MessageEvent('message', {
            origin: 'https://www.facebook.com',
            data: JSON.stringify({ type: 'WA_EMBEDDED_SIGNUP', event: 'FINISH', data: session }),
          }),
        );
      callback(answer);
    }),
  };
  window.FB = sdk;
  return sdk;
}

function setup(config: TFacebookSignupConfig = ENABLED, connect?: (body: any) => any) {
  const onConnected = vi.fn();
  const api = mockApi((call) => {
    if (call.path === '/p/chat/channels/facebook/config') return { body: config };
    if (call.path === '/p/chat/channels/facebook' && call.method === 'POST') return connect?.(call.body);
    return undefined;
  });
  render(<FacebookConnect acc="acc-1" name="Vendas" onConnected={onConnected} />, { wrapper: Wrapper });
  return { api, onConnected };
}

describe('Connect with Facebook (WhatsApp embedded signup)', () => {
  it('is not offered when the installation has no Meta app', async () => {
    const { api } = setup({ enabled: false, appId: null, configId: null, graphVersion: 'v21.0' });
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Conectar com o Facebook' })).not.toBeInTheDocument();
  });

  it('logs in with the configuration id and hands the code and the picked ids to the server', async () => {
    const sdk = fakeSdk(
      { status: 'connected', authResponse: { code: 'fb-code' } },
      {
        waba_id: '700001',
        phone_number_id: '800001',
      },
    );
    const channel = { _id: 'ch-1', name: 'Vendas' };
    const { api, onConnected } = setup(ENABLED, () => ({ body: channel }));
    fireEvent.click(await screen.findByRole('button', { name: 'Conectar com o Facebook' }));
    await waitFor(() => expect(onConnected).toHaveBeenCalledWith(channel));
    expect(sdk.init).toHaveBeenCalledWith(
      expect.objectContaining({ appId: '123456789012', version: 'v21.0' }),
    );
    expect(sdk.login.mock.calls[0]![1]).toMatchObject({ config_id: '998877665544', response_type: 'code' });
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.query.get('acc')).toBe('acc-1');
    expect(post.body).toEqual({ name: 'Vendas', code: 'fb-code', wabaId: '700001', phoneNumberId: '800001' });
    expect(screen.getByText('ou informe as credenciais manualmente')).toBeInTheDocument();
  });

  it("a login without every permission shows the spec's error (pt-BR), and nothing is sent", async () => {
    fakeSdk({ status: 'not_authorized', authResponse: null });
    const { api } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Conectar com o Facebook' }));
    expect(await screen.findByText('O login do Facebook precisa de todas as permissões')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("the server's refusal is shown in English", async () => {
    await i18n.changeLanguage('en');
    fakeSdk({ status: 'connected', authResponse: { code: 'partial' } });
    setup(ENABLED, () => ({
      status: 400,
      body: {
        status: 0,
        code: 'FACEBOOK_PERMISSIONS_MISSING',
        message: 'Facebook login needs all permissions',
      },
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'Connect with Facebook' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Facebook login needs all permissions');
  });
});
