import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyFlowDocument, type TFlowBlock, type TFlowDocument, validateFlow } from '@atende/shared';
import { i18n } from '../../../../app/i18n';
import { Wrapper } from '../../../../test/setup';
import { CHANNELS, mockApi, signInAdmin, WHATSAPP } from '../../chatbots-testing';
import { createBlock } from '../flow-blocks';
import { findBlock } from '../flow-edit';
import { useFlowState } from '../use-flow-state';
import { BlockPanel } from './block-panel';

beforeEach(signInAdmin);
afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('pt-BR');
});

const TEMPLATES = [
  {
    _id: 'tpl-1',
    channelId: WHATSAPP,
    name: 'entrega_agendada',
    language: 'pt_BR',
    category: 'UTILITY',
    header: 'Pedido {{1}}',
    body: 'Olá {{1}}, sua entrega chega {{2}}.',
    footer: null,
    buttons: [],
    examples: { header: ['A-12'], body: ['Rita', 'amanhã'] },
    variables: ['1', '2'],
    status: 'approved',
  },
];

function docWith(...blocks: TFlowBlock[]): TFlowDocument {
  return {
    ...emptyFlowDocument(),
    variables: [{ id: 'v-date', name: 'data' }],
    groups: [{ id: 'g1', title: 'Aviso', position: { x: 0, y: 0 }, blocks }],
    edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  };
}

function Harness({ initial }: { initial: TFlowDocument }) {
  const state = useFlowState(initial);
  const found = findBlock(state.doc, 'tp1')!;
  return (
    <>
      <BlockPanel
        block={found.block}
        doc={state.doc}
        issues={validateFlow(state.doc)}
        edit={state.edit}
        onRemoved={() => undefined}
      />
      <output data-testid="doc">{JSON.stringify(state.doc)}</output>
    </>
  );
}

const blockOf = () =>
  findBlock(JSON.parse(screen.getByTestId('doc').textContent ?? '{}') as TFlowDocument, 'tp1')!
    .block as Extract<TFlowBlock, { type: 'send_template' }>;

function mockTemplates() {
  return mockApi((call) => {
    if (call.path === '/p/chat/templates') return { body: { items: TEMPLATES, count: 1 } };
    if (call.path === '/p/chat/channels') return { body: CHANNELS };
    return undefined;
  });
}

describe('"send WhatsApp template" block panel', { timeout: 20_000 }, () => {
  it('picks an approved template and maps each of its variables to a contact field, a flow variable or a text (pt-BR)', async () => {
    const api = mockTemplates();
    render(<Harness initial={docWith(createBlock('send_template', 'tp1'))} />, { wrapper: Wrapper });
    // Not chosen yet: publishing is refused on the template field.
    expect(screen.getByTestId('block-issues')).toHaveTextContent('Este campo é obrigatório');
    const select = screen.getByRole('textbox', { name: 'Modelo' });
    fireEvent.click(select);
    // The account's approved templates arrive (the list stops saying there are none).
    await waitFor(() => expect(screen.queryByText('Nenhum modelo aprovado')).not.toBeInTheDocument());
    // (The dropdown opened while the list was loading: its options count as hidden to the DOM queries.)
    fireEvent.click(await screen.findByRole('option', { name: /entrega_agendada/, hidden: true }));
    // Each template is of one WhatsApp number: the list names it.
    await waitFor(() => expect(select).toHaveValue('entrega_agendada · WhatsApp Vendas · pt_BR'));
    expect(api.calls.find((c) => c.path === '/p/chat/templates')?.query.get('status')).toBe('approved');

    expect(screen.getByTestId('template-preview')).toHaveTextContent(
      'Pedido {{1}} Olá {{1}}, sua entrega chega {{2}}.',
    );
    expect(screen.getByText('Número do WhatsApp: WhatsApp Vendas')).toBeInTheDocument();
    // One field per variable, in send order: the header's, then the body's; the examples as hints.
    const header = screen.getByRole('textbox', { name: 'Cabeçalho {{1}}' });
    const name = screen.getByRole('textbox', { name: 'Corpo {{1}}' });
    const when = screen.getByRole('textbox', { name: 'Corpo {{2}}' });
    expect(name).toHaveAttribute('placeholder', 'Ex.: Rita — ou insira uma variável');
    expect(blockOf()).toMatchObject({ templateId: 'tpl-1', params: ['', '', ''] });
    // Empty variables would be refused by Meta: still an issue.
    expect(screen.getByTestId('block-issues')).toHaveTextContent('Este campo é obrigatório');

    fireEvent.change(header, { target: { value: 'A-{{$phone}}' } });
    fireEvent.change(when, { target: { value: '{{data}}' } });
    // The braces menu inserts a contact field into the body's {{1}}.
    fireEvent.click(screen.getAllByRole('button', { name: 'Inserir variável' })[1]);
    fireEvent.click(await screen.findByRole('menuitem', { name: '{{$name}}' }));
    await waitFor(() => expect(blockOf().params).toEqual(['A-{{$phone}}', '{{$name}}', '{{data}}']));
    expect(screen.queryByTestId('block-issues')).not.toBeInTheDocument();
  });

  it('says so when the chosen template is gone (en)', async () => {
    await i18n.changeLanguage('en');
    mockTemplates();
    const block = { ...createBlock('send_template', 'tp1'), templateId: 'deleted', params: ['x'] };
    render(<Harness initial={docWith(block)} />, { wrapper: Wrapper });
    expect(
      await screen.findByText('This template was deleted or is no longer approved: choose another one.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/WhatsApp only: the way to write outside the 24-hour window/),
    ).toBeInTheDocument();
  });
});
