import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyFlowDocument, type TFlowBlock, type TFlowDocument, validateFlow } from '@atende/shared';
import { Wrapper } from '../../../../test/setup';
import { signInAdmin } from '../../chatbots-testing';
import { createBlock } from '../flow-blocks';
import { findBlock } from '../flow-edit';
import { useFlowState } from '../use-flow-state';
import { BlockPanel } from './block-panel';

beforeEach(signInAdmin);

function docWith(...blocks: TFlowBlock[]): TFlowDocument {
  return {
    ...emptyFlowDocument(),
    groups: [{ id: 'g1', title: 'Menu', position: { x: 0, y: 0 }, blocks }],
    edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  };
}

/** The side panel over a live document (as in the editor): edits re-validate it. */
function Harness({ initial, blockId }: { initial: TFlowDocument; blockId: string }) {
  const state = useFlowState(initial);
  const found = findBlock(state.doc, blockId);
  if (!found) return <p>removed</p>;
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

const open = (doc: TFlowDocument, blockId: string) =>
  render(<Harness initial={doc} blockId={blockId} />, { wrapper: Wrapper });
const docOf = () => JSON.parse(screen.getByTestId('doc').textContent ?? '{}') as TFlowDocument;

describe('block side panel', { timeout: 20_000 }, () => {
  it("a choice without options says 'At least one option required' (pt-BR) until one is added", () => {
    const choice = { ...createBlock('choice_input', 'c1'), prompt: 'Qual setor?', options: [] };
    open(docWith(choice), 'c1');
    expect(screen.getByTestId('block-issues')).toHaveTextContent('Pelo menos uma opção obrigatória');
    expect(screen.getByTestId('options-error')).toHaveTextContent('Pelo menos uma opção obrigatória');

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar opção' }));
    expect(screen.queryByText('Pelo menos uma opção obrigatória')).not.toBeInTheDocument();
    // An option without a title is the next problem, until it has one.
    expect(screen.getByTestId('options-error')).toHaveTextContent('Toda opção precisa de um título');
    fireEvent.change(within(screen.getByTestId('option-row')).getByRole('textbox', { name: 'Opção 1' }), {
      target: { value: 'Vendas' },
    });
    expect(screen.queryByTestId('block-issues')).not.toBeInTheDocument();
    const options = (findBlock(docOf(), 'c1')!.block as Extract<TFlowBlock, { type: 'choice_input' }>)
      .options;
    expect(options.map((o) => o.title)).toEqual(['Vendas']);
  });

  it('a text message left empty is required; typing fills the block', () => {
    open(docWith(createBlock('text', 't1')), 't1');
    expect(screen.getByTestId('block-issues')).toHaveTextContent('Este campo é obrigatório');
    fireEvent.change(screen.getByRole('textbox', { name: 'Mensagem' }), {
      target: { value: 'Olá, {{$firstName}}!' },
    });
    expect(screen.queryByTestId('block-issues')).not.toBeInTheDocument();
    expect((findBlock(docOf(), 't1')!.block as { text: string }).text).toBe('Olá, {{$firstName}}!');
  });

  it('names an unknown variable and a bad address', () => {
    const text = { ...createBlock('text', 't1'), text: 'Seu pedido: {{pedido}}' };
    const image = { ...createBlock('image', 'i1'), url: 'ftp://x' };
    open(docWith(text, image), 't1');
    expect(screen.getByTestId('block-issues')).toHaveTextContent('Variável desconhecida');
    render(<Harness initial={docWith(text, image)} blockId="i1" />, { wrapper: Wrapper });
    expect(screen.getAllByText('A URL deve começar com http:// ou https://').length).toBeGreaterThan(0);
  });

  it("connects an exit to a group from its 'Saídas' list (the keyboard's way to connect)", async () => {
    const doc = docWith({ ...createBlock('condition', 'k1') });
    doc.groups.push({
      id: 'g2',
      title: 'Vendas',
      position: { x: 300, y: 0 },
      blocks: [{ id: 't2', type: 'text', text: 'Oi' }],
    });
    open(doc, 'k1');
    const exits = screen.getByTestId('exits-section');
    expect(within(exits).getByText('Verdadeiro')).toBeInTheDocument();
    expect(within(exits).getByText('Falso')).toBeInTheDocument();
    fireEvent.click(within(exits).getByRole('textbox', { name: 'Verdadeiro' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Vendas' }));
    expect(docOf().edges).toContainEqual(
      expect.objectContaining({ from: { blockId: 'k1', exit: 'true' }, to: { groupId: 'g2' } }),
    );
  });

  it("names a condition's comparison as such (it was read out as 'Atendente')", async () => {
    open(docWith(createBlock('condition', 'k1')), 'k1');
    const row = within(screen.getByTestId('condition-row'));
    expect(row.getByRole('textbox', { name: 'Comparação da condição 1' })).toHaveValue('é igual a');
    expect(row.queryByRole('textbox', { name: 'Atendente' })).not.toBeInTheDocument();
  });

  it('creates the variable a question saves to right in its field (the variables panel is hidden while a block is selected)', async () => {
    open(docWith({ ...createBlock('email_input', 'q1'), prompt: 'Seu e-mail?' }), 'q1');
    const field = screen.getByRole('textbox', { name: 'Guardar a resposta na variável' });
    expect(field).toHaveAttribute('placeholder', 'Escolha ou crie uma variável');
    fireEvent.click(field);
    fireEvent.change(field, { target: { value: 'email' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Criar a variável “email”' }));
    const saved = docOf();
    expect(saved.variables).toEqual([{ id: expect.any(String), name: 'email' }]);
    expect(findBlock(saved, 'q1')!.block).toMatchObject({ variableId: saved.variables[0]!.id });
    expect(screen.getByRole('textbox', { name: 'Guardar a resposta na variável' })).toHaveValue('email');
  });

  it('deletes the block with the edges to and from it', () => {
    const doc = docWith(createBlock('text', 't1'), { ...createBlock('text', 't2'), text: 'x' });
    doc.edges.push({ id: 'e1', from: { blockId: 't1', exit: 'default' }, to: { blockId: 't2' } });
    open(doc, 't1');
    fireEvent.click(screen.getByRole('button', { name: 'Excluir bloco' }));
    expect(screen.getByText('removed')).toBeInTheDocument();
  });
});
