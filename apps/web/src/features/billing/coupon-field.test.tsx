import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { TCouponQuote } from '@atende/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { mockApi } from '../../test/mock-api';
import { Wrapper } from '../../test/setup';
import { CouponField } from './coupon-field';

const QUOTE: TCouponQuote = {
  code: 'BEMVINDO',
  kind: 'percent',
  value: 20,
  amount: 49900,
  discount: 9980,
  total: 39920,
};

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('pt-BR');
});

function setup() {
  const onQuote = vi.fn();
  const api = mockApi((call) => {
    if (call.path !== '/g/acc/acc-1/plan/business/coupon') return undefined;
    if (call.query.get('code') === 'bemvindo') return { body: QUOTE };
    return {
      status: 400,
      body: { status: 0, code: 'COUPON_INVALID', message: 'Cupom inválido' },
    };
  });
  render(<CouponField acc="acc-1" planId="business" period="monthly" onQuote={onQuote} />, {
    wrapper: Wrapper,
  });
  const input = screen.getByTestId('coupon-input');
  const type = (code: string) => fireEvent.change(input, { target: { value: code } });
  return { onQuote, api, input, type };
}

describe('checkout coupon field', () => {
  it("an unknown code reads 'Cupom inválido' (pt-BR) and no discount is applied", async () => {
    const { onQuote, api, type } = setup();
    type('NOPE');
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Cupom inválido')).toBeInTheDocument();
    expect(api.calls.at(-1)?.query.get('period')).toBe('monthly');
    expect(onQuote).not.toHaveBeenCalledWith(expect.objectContaining({ code: expect.any(String) }));
  });

  it("in English it reads 'Coupon code is not valid'; typing again clears it", async () => {
    await i18n.changeLanguage('en');
    const { type, input } = setup();
    type('EXPIRED');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Coupon code is not valid')).toBeInTheDocument();
    type('EXPIRED2');
    await waitFor(() => expect(screen.queryByText('Coupon code is not valid')).not.toBeInTheDocument());
  });

  it('a valid code hands its discount to the checkout summary, and removing it takes it back', async () => {
    const { onQuote, type } = setup();
    type('bemvindo');
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Cupom BEMVINDO aplicado')).toBeInTheDocument();
    expect(onQuote).toHaveBeenLastCalledWith(QUOTE);
    fireEvent.click(screen.getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(onQuote).toHaveBeenLastCalledWith(null));
    expect(screen.getByRole('button', { name: 'Aplicar' })).toBeDisabled();
  });
});
