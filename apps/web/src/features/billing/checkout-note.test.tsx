import { render, screen } from '@testing-library/react';
import type { TCheckoutInfo } from '@atende/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { Wrapper } from '../../test/setup';
import { CheckoutNote } from './checkout-note';

const SANDBOX: TCheckoutInfo = { provider: 'sandbox', sandbox: true, available: true };
const STRIPE: TCheckoutInfo = { provider: 'stripe', sandbox: false, available: true };
const OFF: TCheckoutInfo = { provider: 'sandbox', sandbox: true, available: false };

afterEach(async () => {
  await i18n.changeLanguage('pt-BR');
});

function show(
  info: TCheckoutInfo | undefined,
  extra: { trialDays?: number; free?: boolean; loading?: boolean } = {},
) {
  render(
    <CheckoutNote
      info={info}
      loading={extra.loading ?? false}
      trialDays={extra.trialDays ?? null}
      free={extra.free ?? false}
    />,
    { wrapper: Wrapper },
  );
}

describe('checkout note', () => {
  it('the sandbox says nothing will be charged (pt-BR)', () => {
    show(SANDBOX);
    expect(screen.getByTestId('checkout-note')).toHaveTextContent(
      'Ambiente de testes: nenhum valor será cobrado.',
    );
  });

  it('with Stripe there is no sandbox note: it says payment happens on Stripe (en)', async () => {
    await i18n.changeLanguage('en');
    show(STRIPE);
    expect(screen.getByText('Secure payment with Stripe')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-note')).toHaveTextContent(
      "You'll go to Stripe's secure checkout page",
    );
    expect(screen.queryByText(/Sandbox/)).not.toBeInTheDocument();
  });

  it('in production without Stripe it says payments are not set up', () => {
    show(OFF);
    expect(screen.getByTestId('checkout-note')).toHaveTextContent(
      'Os pagamentos ainda não estão configurados nesta instalação',
    );
    expect(screen.queryByText(/Ambiente de testes/)).not.toBeInTheDocument();
  });

  it('a trial or the free plan needs no payment note, whatever the provider', () => {
    show(STRIPE, { trialDays: 7 });
    expect(screen.getByText(/Você terá 7 dias grátis/)).toBeInTheDocument();
    expect(screen.queryByText('Pagamento seguro com Stripe')).not.toBeInTheDocument();
    expect(screen.queryByTestId('checkout-note')).not.toBeInTheDocument();
  });

  it('while the provider loads no sandbox note is shown', () => {
    show(undefined, { loading: true });
    expect(screen.getByText('Verificando a forma de pagamento…')).toBeInTheDocument();
    expect(screen.queryByText(/Ambiente de testes/)).not.toBeInTheDocument();
  });
});
