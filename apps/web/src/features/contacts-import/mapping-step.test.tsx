import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { TestWrapper as Wrapper } from './test-wrapper';
import { assignColumn, checkDraft, initialDraft, keyFromHeader, setCustomKey, toMapping } from './mapping';
import { MappingStep } from './mapping-step';

afterEach(async () => {
  await i18n.changeLanguage('pt-BR');
});

const HEADER = ['Nome', 'Celular do cliente', 'E-mail', 'Aniversário'];

describe('column mapping rules', () => {
  it('prefills from the suggestion and leaves the other columns out', () => {
    const draft = initialDraft(HEADER, { name: 'Nome', email: 'E-mail' });
    expect(draft.map((c) => c.target)).toEqual(['name', 'ignore', 'email', 'ignore']);
    expect(checkDraft(draft)).toEqual({ ok: false, missing: ['phone'], keys: {} });
    expect(checkDraft(initialDraft(HEADER, {})).missing).toEqual(['name', 'phone']);
  });

  it('a contact field goes to one column only; custom fields carry a valid, unique key', () => {
    let draft = initialDraft(HEADER, { name: 'Nome', email: 'E-mail' });
    draft = assignColumn(draft, 1, 'phone');
    draft = assignColumn(draft, 3, 'name');
    expect(draft.map((c) => c.target)).toEqual(['ignore', 'phone', 'email', 'name']);
    draft = assignColumn(draft, 0, 'custom');
    draft = assignColumn(draft, 2, 'custom');
    draft = setCustomKey(setCustomKey(draft, 0, 'origem'), 2, 'Origem');
    expect(checkDraft(draft).keys).toEqual({ 2: 'duplicate' });
    expect(checkDraft(setCustomKey(draft, 2, '')).keys).toEqual({ 2: 'required' });
    expect(checkDraft(setCustomKey(draft, 2, 'a/b')).keys).toEqual({ 2: 'invalid' });
    draft = setCustomKey(draft, 2, 'contato extra');
    expect(checkDraft(draft).ok).toBe(true);
    expect(toMapping(HEADER, draft)).toEqual({
      phone: 'Celular do cliente',
      name: 'Aniversário',
      customFields: { origem: 'Nome', 'contato extra': 'E-mail' },
    });
    expect(keyFromHeader('Data/Nascimento (dd/mm)')).toBe('Data_Nascimento _dd_mm_');
  });
});

function Harness({ onNext }: { onNext: () => Promise<void> }) {
  const [draft, setDraft] = useState(initialDraft(HEADER, { name: 'Nome', email: 'E-mail' }));
  return (
    <MappingStep
      header={HEADER}
      preview={[{ line: 2, cells: ['Ana', '11 98765-4321', 'ana@x.com', '01/02'] }]}
      draft={draft}
      onDraft={setDraft}
      onBack={() => undefined}
      onNext={onNext}
    />
  );
}

async function choose(column: string, option: string) {
  fireEvent.click(screen.getByRole('textbox', { name: new RegExp(column) }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

// Mantine Selects are slow to render in jsdom on a busy machine: room beyond the default 5 s.
describe('mapping step', { timeout: 20_000 }, () => {
  it("refuses to go on without a phone column: 'Selecione campo é obrigatório' and the missing columns", async () => {
    const onNext = vi.fn(() => Promise.resolve());
    render(<Harness onNext={onNext} />, { wrapper: Wrapper });
    expect(screen.getByTestId('missing-phone')).toHaveTextContent('nenhuma coluna escolhida');
    fireEvent.click(screen.getByRole('button', { name: 'Conferir' }));
    expect(screen.getByTestId('missing-phone')).toHaveTextContent('Selecione campo é obrigatório');
    const alert = screen.getByTestId('mapping-error');
    expect(alert).toHaveTextContent('Por favor, corrija todos os erros em seu formulário');
    expect(alert).toHaveTextContent('Colunas ausentes na planilha: Telefone');
    expect(onNext).not.toHaveBeenCalled();

    await choose('Celular do cliente', 'Telefone');
    expect(screen.queryByTestId('missing-phone')).toBeNull();
    expect(
      within(screen.getByTestId('required-fields')).getByText('coluna "Celular do cliente"'),
    ).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Conferir' }));
    await waitFor(() => expect(onNext).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('mapping-error')).toBeNull();
  });

  it('moving the name to another column leaves the first one out; the message is in English too', async () => {
    await i18n.changeLanguage('en');
    const onNext = vi.fn(() => Promise.resolve());
    render(<Harness onNext={onNext} />, { wrapper: Wrapper });
    await choose('Aniversário', 'Phone');
    await choose('E-mail', 'Name');
    expect(screen.getByRole('textbox', { name: /Nome/ })).toHaveValue("Don't import");
    await choose('Celular do cliente', 'Custom field');
    fireEvent.change(screen.getByLabelText('Field name'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByLabelText('Field name')).toHaveAccessibleDescription('This field is required');
    expect(screen.getByTestId('mapping-error')).toHaveTextContent('Please correct all errors in your form');
    expect(onNext).not.toHaveBeenCalled();
    await choose('Aniversário', "Don't import");
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByTestId('missing-phone')).toHaveTextContent('Select field is required');
    expect(screen.getByTestId('mapping-error')).toHaveTextContent(
      'Missing columns in the spreadsheet: Phone',
    );
  });

  it("shows the server's refusal (missing columns) on the step", async () => {
    const { ApiError } = await import('../../app/api-client');
    const onNext = vi.fn(() =>
      Promise.reject(new ApiError(400, 'IMPORT_MISSING_COLUMNS', 'Colunas ausentes na planilha: Telefone')),
    );
    render(<Harness onNext={onNext} />, { wrapper: Wrapper });
    await choose('Celular do cliente', 'Telefone');
    fireEvent.click(screen.getByRole('button', { name: 'Conferir' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Colunas ausentes na planilha: Telefone');
  });
});
