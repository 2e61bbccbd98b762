import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { TAutomationAction } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Wrapper } from '../../test/setup';
import { CHANNELS, mockApi, signInAdmin, WHATSAPP } from '../chatbots/chatbots-testing';
import { TemplateActionFields } from './template-action-fields';

beforeEach(signInAdmin);
afterEach(() => vi.restoreAllMocks());

type TTemplateAction = Extract<TAutomationAction, { type: 'send_template' }>;

const TEMPLATE = {
  _id: 'tpl-1',
  channelId: WHATSAPP,
  name: 'retorno',
  language: 'pt_BR',
  category: 'UTILITY',
  header: null,
  body: 'Olá {{1}}, retornamos {{2}}.',
  footer: null,
  buttons: [],
  examples: { header: [], body: ['Rita', 'amanhã'] },
  variables: ['1', '2'],
  status: 'approved',
};

function Harness() {
  const [action, setAction] = useState<TTemplateAction>({
    type: 'send_template',
    templateId: '',
    variables: [],
  });
  return (
    <>
      <TemplateActionFields action={action} errors={{}} prefix="actions.0" onChange={setAction} />
      <output data-testid="action">{JSON.stringify(action)}</output>
    </>
  );
}

describe('automation action "Send a WhatsApp template"', { timeout: 20_000 }, () => {
  it('picks an approved template and fills its variables with the message variables (pt-BR)', async () => {
    const api = mockApi((call) => {
      if (call.path === '/p/chat/templates') return { body: { items: [TEMPLATE], count: 1 } };
      if (call.path === '/p/chat/channels') return { body: CHANNELS };
      return undefined;
    });
    render(<Harness />, { wrapper: Wrapper });
    expect(screen.getByText(/Fala mesmo fora da janela de 24 horas do WhatsApp/)).toBeInTheDocument();
    const select = screen.getByRole('textbox', { name: 'Enviar modelo do WhatsApp' });
    fireEvent.click(select);
    await waitFor(() => expect(screen.queryByText('Nenhum modelo aprovado')).not.toBeInTheDocument());
    fireEvent.click(await screen.findByRole('option', { name: /retorno/, hidden: true }));
    await waitFor(() => expect(select).toHaveValue('retorno · WhatsApp Vendas · pt_BR'));
    expect(api.calls.find((c) => c.path === '/p/chat/templates')?.query.get('status')).toBe('approved');
    expect(screen.getByTestId('template-action-preview')).toHaveTextContent('Olá {{1}}, retornamos {{2}}.');
    const first = screen.getByRole('textbox', { name: /Corpo \{\{1\}\}/ });
    expect(first).toHaveAttribute('placeholder', 'Rita');
    fireEvent.change(first, { target: { value: '{{firstName}}' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Corpo \{\{2\}\}/ }), {
      target: { value: 'amanhã' },
    });
    expect(JSON.parse(screen.getByTestId('action').textContent ?? '{}')).toEqual({
      type: 'send_template',
      templateId: 'tpl-1',
      variables: ['{{firstName}}', 'amanhã'],
    });
  });
});
