import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { ContactFilterBar, SEARCH_DEBOUNCE_MS } from './contact-filter-bar';
import { EMPTY_FILTERS, filterQuery, parseFilters, useContactFilters, writeFilters } from './contact-filters';
import { ACC, PHASES, TAGS, renderWithProviders } from './contacts-testing';

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await i18n.changeLanguage('pt-BR');
});

function Harness() {
  const { filters, setFilters, clearFilters } = useContactFilters();
  return (
    <ContactFilterBar
      filters={filters}
      onChange={setFilters}
      onClear={clearFilters}
      phases={PHASES}
      tags={TAGS}
    />
  );
}

const location = () => new URL(screen.getByTestId('location').textContent ?? '', 'http://x');

describe('contact filters in the URL', { timeout: 20_000 }, () => {
  it('round-trips through the query, keeps acc and leaves defaults out', () => {
    const params = new URLSearchParams({ acc: ACC, page: '4' });
    const filters = {
      ...EMPTY_FILTERS,
      search: ' ana ',
      phase: PHASES[1]._id,
      tags: [TAGS[0]._id],
      dateFilter: 'lastMonth' as const,
      optOut: true,
    };
    const written = writeFilters(params, filters);
    expect(Object.fromEntries(written)).toEqual({
      acc: ACC,
      search: 'ana',
      phase: PHASES[1]._id,
      tags: TAGS[0]._id,
      date: 'lastMonth',
      optOut: 'true',
    });
    expect(parseFilters(written)).toEqual({ ...filters, search: 'ana', page: 1 });
    expect(Object.fromEntries(writeFilters(written, EMPTY_FILTERS))).toEqual({ acc: ACC });
    // Unknown values fall back to the defaults.
    expect(parseFilters(new URLSearchParams('date=someday&page=-2'))).toEqual(EMPTY_FILTERS);
  });

  it("sends the spec's list parameters: phase omitted when 'all', tags as a list", () => {
    expect(filterQuery(EMPTY_FILTERS)).toEqual({
      search: undefined,
      phase: undefined,
      tags: undefined,
      dateFilter: undefined,
      blocked: undefined,
      optOut: undefined,
    });
    const query = filterQuery({
      ...EMPTY_FILTERS,
      phase: 'none',
      tags: ['a', 'b'],
      blocked: true,
      dateFilter: 'thisWeek',
    });
    expect(query).toMatchObject({ phase: 'none', tags: 'a,b', blocked: 'true', dateFilter: 'thisWeek' });
  });

  it('shows the filters of the URL after a reload', () => {
    renderWithProviders(
      <Harness />,
      `/apps/contacts?acc=${ACC}&search=ana&phase=${PHASES[1]._id}&date=lastMonth&blocked=true`,
    );
    expect(screen.getByRole('searchbox', { name: 'Buscar por nome, e-mail ou telefone' })).toHaveValue('ana');
    expect(screen.getByRole('textbox', { name: 'Fase' })).toHaveValue('Qualificado');
    expect(screen.getByRole('textbox', { name: 'Data de criação' })).toHaveValue('Mês passado');
    expect(screen.getByRole('switch', { name: 'Bloqueados' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Opt-out' })).not.toBeChecked();
  });

  it('offers exactly the date filters of spec §9', () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('textbox', { name: 'Data de criação' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Todo o período',
      'Esta semana',
      'Este mês',
      'Este ano',
      'Semana passada',
      'Mês passado',
      'Ano passado',
    ]);
  });

  it('searches 300 ms after the user stops typing, back on page 1, acc kept', () => {
    vi.useFakeTimers();
    renderWithProviders(<Harness />, `/apps/contacts?acc=${ACC}&page=3`);
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'car' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: 'carla' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(location().searchParams.get('search')).toBeNull();
    expect(location().searchParams.get('page')).toBe('3');
    act(() => vi.advanceTimersByTime(1));
    expect(location().searchParams.get('search')).toBe('carla');
    expect(location().searchParams.get('acc')).toBe(ACC);
    expect(location().searchParams.get('page')).toBeNull();
  });

  it('puts the phase, toggles in the URL and clears them all', async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('textbox', { name: 'Fase' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Qualificado' }));
    await waitFor(() => expect(location().searchParams.get('phase')).toBe(PHASES[1]._id));
    fireEvent.click(screen.getByRole('switch', { name: 'Opt-out' }));
    expect(location().searchParams.get('optOut')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    expect(location().search).toBe(`?acc=${ACC}`);
    expect(screen.queryByRole('button', { name: 'Limpar filtros' })).not.toBeInTheDocument();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    renderWithProviders(<Harness />);
    fireEvent.click(screen.getByRole('textbox', { name: 'Created' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All',
      'This week',
      'This month',
      'This year',
      'Last week',
      'Last month',
      'Last year',
    ]);
  });
});
