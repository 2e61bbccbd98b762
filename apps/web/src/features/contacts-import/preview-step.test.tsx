import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TImportPreviewRow } from '@atende/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { PreviewStep } from './preview-step';
import { TestWrapper } from './test-wrapper';

afterEach(async () => {
  await i18n.changeLanguage('pt-BR');
});

const base = { errors: [], existing: null, nameDiffers: false, sameAsLine: null, email: '' };
const MARIA = { _id: 'c-maria', name: 'Maria Silva', email: 'maria@example.com' };
const ROWS: TImportPreviewRow[] = [
  {
    ...base,
    line: 2,
    name: 'João Pereira',
    phone: '+5511977770001',
    action: 'update',
    existing: MARIA,
    nameDiffers: true,
  },
  { ...base, line: 3, name: 'Nova Pessoa', phone: '+5511977770002', action: 'create' },
  { ...base, line: 4, name: 'Nova Pessoa 2', phone: '+5511977770002', action: 'update', sameAsLine: 3 },
  {
    ...base,
    line: 5,
    name: '',
    phone: '',
    action: 'skip',
    errors: [
      { line: 5, field: 'phone', code: 'IMPORT_BLANK_PHONE', message: 'A célula de telefone está em branco' },
    ],
  },
];
const SKIPPING: TImportPreviewRow[] = ROWS.map((r) => (r.existing ? { ...r, action: 'skip' } : r));

function renderStep(rows: TImportPreviewRow[], existing: 'update' | 'skip' = 'update') {
  const onExistingChange = vi.fn(() => Promise.resolve());
  render(
    <TestWrapper>
      <PreviewStep
        rows={rows}
        total={4}
        existing={existing}
        onExistingChange={onExistingChange}
        onBack={vi.fn()}
        onStart={() => Promise.resolve()}
      />
    </TestWrapper>,
  );
  return { onExistingChange };
}

const actionOf = (line: number) => {
  const row = screen.getAllByTestId('preview-row').find((r) => within(r).queryByText(String(line)))!;
  return row.querySelectorAll('td')[4] as HTMLElement;
};

describe('import preview: what will happen to each row', () => {
  it('says create / update <name> / same contact as line N / skip, and warns when a name differs (pt-BR)', async () => {
    const { onExistingChange } = renderStep(ROWS);
    expect(screen.getByRole('columnheader', { name: 'O que vai acontecer' })).toBeInTheDocument();
    expect(actionOf(2)).toHaveTextContent('Atualizar Maria Silva');
    expect(actionOf(2)).toHaveTextContent('Renomeia Maria Silva para João Pereira');
    expect(actionOf(3)).toHaveTextContent('Criar contato');
    expect(actionOf(4)).toHaveTextContent('Mesmo contato da linha 3');
    expect(actionOf(5)).toHaveTextContent('A célula de telefone está em branco');
    expect(screen.getByTestId('rename-warning')).toHaveTextContent(
      '1 linha abaixo tem o telefone de um contato com outro nome',
    );
    const choice = screen.getByRole('radiogroup', { name: /Quando o telefone já pertence a um contato/ });
    expect(within(choice).getByRole('radio', { name: 'Atualizar o contato' })).toBeChecked();
    // No "create anyway": one contact per phone.
    expect(within(choice).getAllByRole('radio')).toHaveLength(2);
    fireEvent.click(within(choice).getByRole('radio', { name: /Ignorar a linha/ }));
    await waitFor(() => expect(onExistingChange).toHaveBeenCalledWith('skip'));
  });

  it('with skip chosen, the matched row is skipped and the contact kept (en)', async () => {
    await i18n.changeLanguage('en');
    renderStep(SKIPPING, 'skip');
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'What will happen' })).toBeInTheDocument(),
    );
    expect(actionOf(2)).toHaveTextContent('Skip');
    expect(actionOf(2)).toHaveTextContent('Maria Silva stays as it is');
    expect(actionOf(3)).toHaveTextContent('Create contact');
    expect(screen.queryByTestId('rename-warning')).toBeNull();
    expect(screen.getByRole('radio', { name: 'Skip the row (keep the contact as it is)' })).toBeChecked();
  });
});
