import { emptyFlowDocument } from '@atende/shared';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Wrapper } from '../../../../test/setup';
import { mockApi, signInAdmin } from '../../chatbots-testing';
import { VariablesPanel } from './variables-panel';

beforeEach(signInAdmin);
afterEach(() => vi.restoreAllMocks());

describe("the flow editor's variables panel", () => {
  it("lists the contact's fields, then the account's own key entities (not twice)", async () => {
    mockApi((call) =>
      call.path === '/p/chat/entities'
        ? {
            body: [
              { _id: 'e1', name: 'Número do pedido', alias: '$pedido', type: 'text', validation: null },
              { _id: 'e2', name: 'E-mail', alias: '$email', type: 'email', validation: null },
            ],
          }
        : undefined,
    );
    render(<VariablesPanel doc={emptyFlowDocument()} edit={() => undefined} />, { wrapper: Wrapper });
    const panel = screen.getByTestId('variables-panel');
    expect(await within(panel).findByText('{{$pedido}}')).toBeInTheDocument();
    expect(within(panel).getAllByText('{{$email}}')).toHaveLength(1);
    expect(within(panel).getByText('{{$firstName}}')).toBeInTheDocument();
  });
});
