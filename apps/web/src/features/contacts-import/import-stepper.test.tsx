import { fireEvent, render, screen } from '@testing-library/react';
import type { TContactImport } from '@atende/shared';
import { describe, expect, it, vi } from 'vitest';
import { ContactsImportPage } from './contacts-import-page';
import { TestWrapper } from './test-wrapper';

const finished: TContactImport = {
  _id: 'imp-1',
  acc: 'acc-1',
  fileName: 'leads.csv',
  status: 'completed',
  header: ['Nome', 'Telefone'],
  total: 2,
  processed: 2,
  inserted: 2,
  updated: 0,
  errors: 0,
  errorCode: null,
  createdAt: '2025-05-01T12:00:00.000Z',
  startedAt: '2025-05-01T12:00:01.000Z',
  finishedAt: '2025-05-01T12:00:02.000Z',
};

vi.mock('../../app/session', async (original) => ({
  ...(await original<typeof import('../../app/session')>()),
  useSession: () => ({ user: { _id: 'u-1' } }),
  useAcc: () => 'acc-1',
}));
vi.mock('../../app/shell/use-acc-link', () => ({ useAccLink: () => (path: string) => path }));
vi.mock('./import-api', async (original) => ({
  ...(await original<typeof import('./import-api')>()),
  useImportHistory: () => ({ data: [finished] }),
  useImportOptions: () => ({ tags: [], phases: [] }),
}));
vi.mock('./import-history', () => ({
  ImportHistory: ({ onOpen }: { onOpen: (imp: TContactImport) => void }) => (
    <button type="button" onClick={() => onOpen(finished)}>
      open import
    </button>
  ),
}));
vi.mock('./run-step', () => ({ RunStep: () => <div data-testid="run-step">summary</div> }));

describe('import stepper', () => {
  it('marks the last step (the run) done once the import has finished, its summary still shown', () => {
    const { container } = render(<ContactsImportPage />, { wrapper: TestWrapper });
    fireEvent.click(screen.getByRole('button', { name: 'open import' }));
    const steps = container.querySelectorAll('.mantine-Stepper-step');
    expect(steps).toHaveLength(4);
    for (const step of steps) expect(step).toHaveAttribute('data-completed');
    expect(screen.getByTestId('run-step')).toBeInTheDocument();
  });
});
