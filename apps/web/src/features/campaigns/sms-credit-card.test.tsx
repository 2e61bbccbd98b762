import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TSmsCredit } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { i18n } from '../../app/i18n';
import { mockApi } from '../../test/mock-api';
import { AdminTestWrapper, signInTestAdmin, TEST_ACC } from '../settings/settings-testing';
import { SmsCreditCard } from './sms-credit-card';

const PACKAGES = [
  { id: 'sms-1000', credits: 1000, price: 9000 },
  { id: 'sms-5000', credits: 5000, price: 40000 },
  { id: 'sms-20000', credits: 20000, price: 140000 },
];

function purchase(status: 'pending' | 'done' | 'canceled', balanceAfter: number | null) {
  return {
    _id: `0190aaaa-0000-7000-8000-00000000${status === 'done' ? '0d' : '0e'}01`,
    kind: 'purchase' as const,
    amount: 1000,
    balanceAfter,
    campaignId: null,
    packageId: 'sms-1000',
    price: 9000,
    provider: 'stripe',
    status,
    createdAt: '2026-11-30T12:00:00.000Z',
  };
}

const pending: TSmsCredit = { balance: 0, packages: PACKAGES, history: [purchase('pending', null)] };
const paid: TSmsCredit = { balance: 1000, packages: PACKAGES, history: [purchase('done', 1000)] };

/** The address the card's router is at, to check what closing the notice leaves in it. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function show(search: string) {
  render(
    <>
      <SmsCreditCard acc={TEST_ACC} />
      <Address />
    </>,
    {
      wrapper: ({ children }) => (
        <AdminTestWrapper path={`/apps/campaigns?${search}`}>{children}</AdminTestWrapper>
      ),
    },
  );
}

beforeEach(() => signInTestAdmin());
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await i18n.changeLanguage('pt-BR');
});

describe('SMS credit: back from Stripe', () => {
  it('after paying, says the payment was received and shows the credit once Stripe confirms it (pt-BR)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = pending;
    const { calls } = mockApi((call) =>
      call.path === '/p/sms-credit' && call.method === 'GET' ? { body: answer } : undefined,
    );
    show(`acc=${TEST_ACC}&sms=success`);
    const notice = await screen.findByTestId('sms-purchase-notice');
    expect(notice).toHaveTextContent('Pagamento recebido');
    expect(notice).toHaveTextContent(
      'Obrigado! Seus créditos aparecem aqui assim que o Stripe confirmar o pagamento',
    );
    await waitFor(() => expect(screen.getByTestId('sms-balance')).toHaveTextContent('0 créditos'));

    // Stripe confirms: the pending purchase is polled until it is credited.
    answer = paid;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3500);
    });
    await waitFor(() => expect(screen.getByTestId('sms-balance')).toHaveTextContent('1.000 créditos'));
    expect(screen.getByTestId('sms-purchase-notice')).toHaveTextContent(
      'O Stripe confirmou o pagamento e os créditos já estão no seu saldo.',
    );
    const gets = calls.filter((c) => c.path === '/p/sms-credit').length;
    expect(gets).toBeGreaterThanOrEqual(2);
    expect(calls.every((c) => c.query.get('acc') === TEST_ACC)).toBe(true);
  });

  it('shows a pending purchase as awaiting payment in the history', async () => {
    mockApi((call) => (call.path === '/p/sms-credit' ? { body: pending } : undefined));
    show(`acc=${TEST_ACC}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Histórico' }));
    const history = await screen.findByTestId('sms-history');
    expect(within(history).getByText('Compra')).toBeInTheDocument();
    expect(within(history).getByText('Aguardando pagamento')).toBeInTheDocument();
    expect(screen.queryByTestId('sms-purchase-notice')).not.toBeInTheDocument();
  });

  it('after leaving the payment page, says nothing was charged (en); closing the notice keeps the account in the address', async () => {
    await i18n.changeLanguage('en');
    mockApi((call) => (call.path === '/p/sms-credit' ? { body: pending } : undefined));
    show(`acc=${TEST_ACC}&sms=cancel`);
    const notice = await screen.findByTestId('sms-purchase-notice');
    expect(notice).toHaveTextContent('Purchase canceled');
    expect(notice).toHaveTextContent('You left the payment page before paying: nothing was charged.');
    expect(notice).not.toHaveTextContent(/sms|cancel\b|success/);
    fireEvent.click(within(notice).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('sms-purchase-notice')).not.toBeInTheDocument());
    expect(screen.getByTestId('address')).toHaveTextContent(`?acc=${TEST_ACC}`);
    expect(screen.getByTestId('address')).not.toHaveTextContent('sms=');
  });

  it('an unknown outcome in the address shows no notice', async () => {
    mockApi((call) => (call.path === '/p/sms-credit' ? { body: paid } : undefined));
    show(`acc=${TEST_ACC}&sms=SOMETHING`);
    await waitFor(() => expect(screen.getByTestId('sms-balance')).toHaveTextContent('1.000 créditos'));
    expect(screen.queryByTestId('sms-purchase-notice')).not.toBeInTheDocument();
  });
});
