import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyFlowDocument, type TFlowBlock, type TFlowDocument, validateFlow } from '@atende/shared';
import { i18n } from '../../../../app/i18n';
import { Wrapper } from '../../../../test/setup';
import { mockApi, signInAdmin } from '../../chatbots-testing';
import { blockSummary } from '../block-text';
import { createBlock } from '../flow-blocks';
import { findBlock } from '../flow-edit';
import { useFlowState } from '../use-flow-state';
import { BlockPanel } from './block-panel';

beforeEach(signInAdmin);
afterEach(() => vi.restoreAllMocks());

function Harness({ initial }: { initial: TFlowDocument }) {
  const state = useFlowState(initial);
  const found = findBlock(state.doc, 'tr1');
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

describe('transfer block', { timeout: 20_000 }, () => {
  it("offers the account's departments by name (an operator with no department of their own changes nothing)", async () => {
    mockApi((call) =>
      call.path === '/p/chat/departments'
        ? {
            body: [
              { _id: 'd-fin', name: 'Financeiro', description: '', distribution: false, capacity: null },
              { _id: 'd-sales', name: 'Vendas', description: '', distribution: true, capacity: 5 },
            ],
          }
        : call.path.startsWith('/p/chat/inbox/')
          ? {
              body: {
                operators: [
                  {
                    name: 'Ana',
                    value: 'u1',
                    operatorData: { _id: 'u1', intentions: [], entities: [], acl: 'admin', online: true },
                  },
                ],
              },
            }
          : undefined,
    );
    const doc: TFlowDocument = {
      ...emptyFlowDocument(),
      groups: [
        { id: 'g1', title: 'Fim', position: { x: 0, y: 0 }, blocks: [createBlock('transfer', 'tr1')] },
      ],
      edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
    };
    render(<Harness initial={doc} />, { wrapper: Wrapper });
    fireEvent.click(screen.getByRole('textbox', { name: 'Departamento' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Vendas', hidden: true }));
    const saved = JSON.parse(screen.getByTestId('doc').textContent ?? '{}') as TFlowDocument;
    const block = findBlock(saved, 'tr1')!.block as TFlowBlock;
    expect(block).toMatchObject({ departmentId: 'd-sales' });
    // The canvas names the department, not its id.
    expect(blockSummary(i18n.t, block, saved, (id) => (id === 'd-sales' ? 'Vendas' : undefined))).toBe(
      'Para o departamento Vendas',
    );
  });
});
