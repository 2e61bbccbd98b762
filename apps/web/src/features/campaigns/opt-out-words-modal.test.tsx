import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { TCampaignSettings } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { AdminTestWrapper, signInTestAdmin, TEST_ACC } from '../settings/settings-testing';
import { OptOutWordsModal, optOutWordsError } from './opt-out-words-modal';

const DEFAULTS = ['SAIR', 'PARAR', 'CANCELAR', 'STOP', 'DESCADASTRAR', 'UNSUBSCRIBE'];

function setUp(current: TCampaignSettings) {
  return mockApi((call) => {
    if (call.path === '/p/campaign-settings' && call.method === 'GET') return { body: current };
    if (call.path === '/p/campaign-settings' && call.method === 'PUT')
      return { body: { ...current, optOutKeywords: call.body.optOutKeywords ?? DEFAULTS } };
    return undefined;
  });
}

beforeEach(() => signInTestAdmin());
afterEach(() => vi.restoreAllMocks());

describe('Campaigns → opt-out words', () => {
  it('checks the words like the server', () => {
    expect(optOutWordsError([])).toBe('required');
    expect(optOutWordsError(Array.from({ length: 31 }, (_, i) => `W${i}`))).toBe('tooMany');
    expect(optOutWordsError(['X'.repeat(41)])).toBe('tooLong');
    expect(optOutWordsError(['SAIR'])).toBeNull();
  });

  it('adds a word and saves the normalised list', async () => {
    const { calls } = setUp({ optOutKeywords: DEFAULTS, custom: false, defaults: DEFAULTS });
    render(<OptOutWordsModal acc={TEST_ACC} opened onClose={() => undefined} />, {
      wrapper: AdminTestWrapper,
    });
    expect(await screen.findByText('Usando as palavras padrão (português e inglês)')).toBeInTheDocument();
    const input = screen.getByLabelText(/Palavras/, { selector: 'input' });
    fireEvent.change(input, { target: { value: 'Não quero' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Usando as palavras próprias desta conta')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar palavras' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      optOutKeywords: [...DEFAULTS, 'NAO QUERO'],
    });
  });
});
