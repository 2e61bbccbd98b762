import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import type { TCampaignReview } from '@atende/shared';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { Wrapper } from '../../test/setup';
import { WizardMessageStep } from './wizard-message-step';
import { WizardReviewStep } from './wizard-review-step';
import { bodyOf, newDraft, type TWizardDraft } from './wizard-state';

function SmsStep() {
  const [draft, setDraft] = useState<TWizardDraft>(newDraft('sms'));
  return (
    <WizardMessageStep
      draft={draft}
      patch={(next) => setDraft((d) => ({ ...d, ...next }))}
      channels={[{ _id: 'c-1', kind: 'sms', name: 'SMS Loja', status: 'active', address: '+15550001111' }]}
      templates={undefined}
      errors={{}}
    />
  );
}

const review: TCampaignReview = {
  valid: 2,
  duplicates: 3,
  optedOut: 1,
  invalid: 4,
  invalidReasons: { csvRows: 2, invalidPhone: 0, notMobile: 1, noWhatsapp: 0, blocked: 1 },
  preview: [
    { name: 'Rita', phone: '+5511981110001', text: 'Olá Rita, seu pedido A1 saiu.' },
    { name: 'Caio', phone: '+5511981110002', text: 'Olá Caio, seu pedido A2 saiu.' },
  ],
  estimatedSeconds: 1,
  segments: 4,
  smsBalance: 3,
};

describe('campaign wizard steps', () => {
  it('counts the SMS segments as the text is typed (GSM-7 160, then 153 per part; accents outside it: 70)', () => {
    render(<SmsStep />, { wrapper: Wrapper });
    const text = screen.getByTestId('wizard-sms-text');
    // Zero is plural in pt-BR: "0 segmentos", never "0 segmento".
    expect(screen.getByTestId('wizard-segments')).toHaveTextContent('0 segmentos (0 caracteres)');
    fireEvent.change(text, { target: { value: 'a'.repeat(160) } });
    expect(screen.getByTestId('wizard-segments')).toHaveTextContent('1 segmento (160 caracteres)');
    fireEvent.change(text, { target: { value: 'a'.repeat(161) } });
    expect(screen.getByTestId('wizard-segments')).toHaveTextContent('2 segmentos (161 caracteres)');
    fireEvent.change(text, { target: { value: `${'a'.repeat(70)}ã` } });
    expect(screen.getByTestId('wizard-segments')).toHaveTextContent('2 segmentos (71 caracteres)');
  });

  it('with no channel of the type, says which one is missing and links to the channels settings, in pt-BR and en', async () => {
    const noChannel = (type: 'whatsapp' | 'sms') =>
      render(
        <MemoryRouter>
          <WizardMessageStep
            draft={newDraft(type)}
            patch={() => {}}
            channels={[]}
            templates={[]}
            errors={{}}
          />
        </MemoryRouter>,
        { wrapper: Wrapper },
      );
    const view = noChannel('whatsapp');
    expect(screen.getByTestId('wizard-no-channels')).toHaveTextContent(
      'Nenhum número de WhatsApp está conectado',
    );
    expect(screen.getByRole('link', { name: 'Conectar um canal em Configurações › Canais' })).toHaveAttribute(
      'href',
      '/settings?tab=channels',
    );
    view.unmount();
    await i18n.changeLanguage('en');
    try {
      noChannel('sms');
      expect(screen.getByTestId('wizard-no-channels')).toHaveTextContent('No SMS channel is connected');
      expect(
        screen.getByRole('link', { name: 'Connect a channel in Settings › Channels' }),
      ).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('pt-BR');
    }
  });

  it('reads "0 segments" in en for an empty text (the _zero form)', async () => {
    await i18n.changeLanguage('en');
    try {
      render(<SmsStep />, { wrapper: Wrapper });
      expect(screen.getByTestId('wizard-segments')).toHaveTextContent('0 segments (0 characters)');
    } finally {
      await i18n.changeLanguage('pt-BR');
    }
  });

  it('shows the counts, three previews and the consent terms; refuses an SMS campaign the balance does not cover', () => {
    let consent = false;
    render(
      <WizardReviewStep
        type="sms"
        review={{ data: review, isPending: false, isError: false, error: null }}
        consent={false}
        onConsent={(v) => {
          consent = v;
        }}
        consentError="Aceite os termos de consentimento para enviar a campanha"
      />,
      { wrapper: Wrapper },
    );
    expect(screen.getByTestId('review-valid')).toHaveTextContent('2');
    expect(screen.getByTestId('review-opted-out')).toHaveTextContent('1');
    expect(screen.getByTestId('review-duplicates')).toHaveTextContent('3');
    expect(screen.getByTestId('review-invalid')).toHaveTextContent('4');
    const reasons = screen.getByTestId('review-invalid-reasons');
    expect(reasons).toHaveTextContent(
      'Linhas da planilha recusadas (nome ou telefone em branco, número inválido): 2',
    );
    expect(reasons).toHaveTextContent('Telefones fixos, que não recebem SMS: 1');
    expect(reasons).toHaveTextContent('Contatos bloqueados: 1');
    expect(reasons).not.toHaveTextContent('Números sem WhatsApp');
    expect(screen.getAllByTestId('review-preview')).toHaveLength(2);
    expect(screen.getByText('Olá Rita, seu pedido A1 saiu.')).toBeInTheDocument();
    expect(screen.getByTestId('review-insufficient')).toHaveTextContent(
      'O saldo de SMS não cobre esta campanha. Compre créditos antes de enviar.',
    );
    expect(screen.getByText('Aceite os termos de consentimento para enviar a campanha')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox'));
    expect(consent).toBe(true);
  });

  it('sends the variables in the template order, the schedule as account-local time and the window', () => {
    const body = bodyOf(
      {
        ...newDraft('whatsapp'),
        channelId: 'c-1',
        templateId: 't-1',
        name: 'Cupom',
        when: 'later',
        scheduledAt: '2026-12-01T09:30',
        windowStart: '08:00',
        windowEnd: '20:00',
        mapping: [{ kind: 'column', column: 'pedido' }],
      },
      2,
    );
    expect(body.mapping).toEqual([
      { kind: 'column', column: 'pedido' },
      { kind: 'text', text: '' },
    ]);
    expect(body.scheduledAt).toBe('2026-12-01T09:30');
    expect(body.sendWindow).toEqual({ start: '08:00', end: '20:00' });
    expect(body.text).toBeNull();
  });
});
