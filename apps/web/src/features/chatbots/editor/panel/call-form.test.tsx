import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyFlowDocument, type TFlowBlock, type TFlowDocument, validateFlow } from '@atende/shared';
import { i18n } from '../../../../app/i18n';
import { Wrapper } from '../../../../test/setup';
import { signInAdmin } from '../../chatbots-testing';
import { BlockPalette } from '../block-palette';
import { blockSummary } from '../block-text';
import { createBlock } from '../flow-blocks';
import { findBlock } from '../flow-edit';
import { useFlowState } from '../use-flow-state';
import { BlockPanel } from './block-panel';

beforeEach(signInAdmin);
afterEach(async () => {
  await i18n.changeLanguage('pt-BR');
});

/** Three groups: "Menu" holds the call block; "Pedir e-mail" and an untitled one may be run. */
function docWith(call: TFlowBlock): TFlowDocument {
  return {
    ...emptyFlowDocument(),
    groups: [
      { id: 'g1', title: 'Menu', position: { x: 0, y: 0 }, blocks: [call] },
      {
        id: 'g2',
        title: 'Pedir e-mail',
        position: { x: 300, y: 0 },
        blocks: [createBlock('email_input', 'ask')],
      },
      { id: 'g3', title: '', position: { x: 300, y: 200 }, blocks: [createBlock('end', 'end')] },
    ],
    edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  };
}

function Harness({ initial }: { initial: TFlowDocument }) {
  const state = useFlowState(initial);
  const found = findBlock(state.doc, 'c1')!;
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

const callOf = () =>
  findBlock(JSON.parse(screen.getByTestId('doc').textContent ?? '{}') as TFlowDocument, 'c1')!
    .block as Extract<TFlowBlock, { type: 'call' }>;

describe('"run group" (sub-flow) block', { timeout: 20_000 }, () => {
  it('is in the logic section of the palette, in pt-BR and en', async () => {
    const { unmount } = render(<BlockPalette onAdd={() => undefined} />, { wrapper: Wrapper });
    expect(screen.getByTestId('palette-call')).toHaveTextContent('Executar grupo');
    expect(screen.getByTestId('palette-call').querySelector('svg')).not.toBeNull();
    unmount();
    await i18n.changeLanguage('en');
    render(<BlockPalette onAdd={() => undefined} />, { wrapper: Wrapper });
    expect(screen.getByTestId('palette-call')).toHaveTextContent('Run group');
  });

  it('picks the group to run by name (not its own group); the node then reads "→ group"', async () => {
    const block = createBlock('call', 'c1');
    expect(block).toEqual({ id: 'c1', type: 'call', groupId: '' });
    render(<Harness initial={docWith(block)} />, { wrapper: Wrapper });
    // Not chosen yet: publishing is refused on the group field.
    expect(screen.getByTestId('block-issues')).toHaveTextContent('Escolha para onde este bloco vai');
    expect(
      screen.getByText(/Executa o grupo como um subfluxo, depois volta e continua após este bloco/),
    ).toBeInTheDocument();

    const select = screen.getByRole('textbox', { name: 'Grupo a executar' });
    fireEvent.click(select);
    const listbox = await waitFor(() => document.getElementById(select.getAttribute('aria-controls') ?? '')!);
    const options = within(listbox).getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['Pedir e-mail', 'Grupo 3']);
    fireEvent.click(within(listbox).getByRole('option', { name: 'Pedir e-mail', hidden: true }));
    await waitFor(() => expect(callOf().groupId).toBe('g2'));
    expect(screen.queryByTestId('block-issues')).not.toBeInTheDocument();
    // Its one exit is taken once the group comes back.
    expect(within(screen.getByTestId('exits-section')).getByText('Depois do grupo')).toBeInTheDocument();

    const doc = docWith(callOf());
    expect(blockSummary(i18n.t, callOf(), doc)).toBe('→ Pedir e-mail');
    await i18n.changeLanguage('en');
    expect(blockSummary(i18n.t, { ...callOf(), groupId: 'g3' }, doc)).toBe('→ Group 3');
  });

  it('a block that runs its own group says why it cannot be published (en)', async () => {
    await i18n.changeLanguage('en');
    render(<Harness initial={docWith({ id: 'c1', type: 'call', groupId: 'g1' })} />, { wrapper: Wrapper });
    expect(screen.getByTestId('block-issues')).toHaveTextContent(
      'A group cannot run itself: it would call itself without end',
    );
  });
});
