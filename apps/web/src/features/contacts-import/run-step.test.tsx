import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { TContactImport } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { jsonResponse } from '../../test/setup';
import { cancelImport, downloadErrorReport, getImport } from './import-api';
import { joinAttendance } from '../../app/socket';
import { RunStep } from './run-step';
import { TestWrapper } from './test-wrapper';
import { POLL_MS } from './use-import-progress';

const fake = vi.hoisted(() => {
  class FakeSocket {
    connected = false;
    disconnected = false;
    private readonly handlers = new Map<string, Array<(...args: any[]) => void>>();
    on(event: string, listener: (...args: any[]) => void) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), listener]);
      return this;
    }
    fire(event: string, ...args: unknown[]) {
      for (const listener of this.handlers.get(event) ?? []) listener(...args);
    }
    disconnect() {
      this.disconnected = true;
      this.connected = false;
      return this;
    }
  }
  return { FakeSocket, sockets: [] as InstanceType<typeof FakeSocket>[] };
});

vi.mock('../../app/socket', () => ({
  joinAttendance: vi.fn(() => {
    const socket = new fake.FakeSocket();
    fake.sockets.push(socket);
    return socket;
  }),
}));

vi.mock('./import-api', async (original) => ({
  ...(await original<typeof import('./import-api')>()),
  getImport: vi.fn(),
  cancelImport: vi.fn(),
  downloadErrorReport: vi.fn(() => Promise.resolve()),
}));

const EVENT = 'contacts-import:progress';
const queued: TContactImport = {
  _id: 'imp-1',
  acc: 'acc-1',
  fileName: 'leads.csv',
  status: 'queued',
  header: ['Nome', 'Telefone'],
  total: 5,
  processed: 0,
  inserted: 0,
  updated: 0,
  errors: 0,
  errorCode: null,
  createdAt: '2025-05-01T12:00:00.000Z',
  startedAt: null,
  finishedAt: null,
};
const at = (patch: Partial<TContactImport>): TContactImport => ({ ...queued, ...patch });
const errorsPage = {
  items: [
    {
      line: 4,
      errors: [
        {
          line: 4,
          field: 'phone',
          code: 'IMPORT_BLANK_PHONE',
          message: 'A célula de telefone está em branco',
        },
      ],
      cells: ['Bruno', ''],
    },
  ],
  count: 1,
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fake.sockets.length = 0;
  vi.mocked(getImport).mockReset();
  vi.mocked(cancelImport).mockReset();
  fetchMock = vi.fn(() => Promise.resolve(jsonResponse(200, { status: 1, data: errorsPage })));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('pt-BR');
});

function renderRun(initial: TContactImport) {
  return render(<RunStep acc="acc-1" userId="user-1" initial={initial} onNew={() => undefined} />, {
    wrapper: TestWrapper,
  });
}

describe('import run step', { timeout: 20_000 }, () => {
  it('shows rows done / total and the counts from the socket, then the summary, the refused rows and the report', async () => {
    vi.mocked(getImport).mockResolvedValue(at({ status: 'running' }));
    renderRun(queued);
    expect(joinAttendance).toHaveBeenCalledWith('acc-1', 'user-1');
    const socket = fake.sockets[0];
    expect(screen.getByTestId('progress-rows')).toHaveTextContent('0 de 5 linhas (0%)');
    expect(screen.getByTestId('import-status')).toHaveTextContent('Na fila');

    // On (re)connection the status is read, so events sent before it are not missed.
    act(() => {
      socket.connected = true;
      socket.fire('connect');
    });
    await waitFor(() => expect(getImport).toHaveBeenCalledWith('acc-1', 'imp-1'));
    act(() => socket.fire(EVENT, at({ status: 'running', processed: 3, inserted: 2, errors: 1 })));
    expect(screen.getByTestId('progress-rows')).toHaveTextContent('3 de 5 linhas (60%)');
    expect(screen.getByRole('progressbar', { name: 'Progresso da importação' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    expect(screen.getByTestId('count-created')).toHaveTextContent('2');
    expect(screen.getByTestId('count-errors')).toHaveTextContent('1');
    expect(screen.getByTestId('import-status')).toHaveTextContent('Importando');

    // An older event, and another import's, change nothing.
    act(() => socket.fire(EVENT, at({ status: 'running', processed: 2 })));
    act(() => socket.fire(EVENT, at({ _id: 'imp-2', status: 'completed', processed: 5 })));
    expect(screen.getByTestId('progress-rows')).toHaveTextContent('3 de 5 linhas (60%)');
    expect(screen.getByRole('button', { name: 'Cancelar importação' })).toBeVisible();

    const done = at({ status: 'completed', processed: 5, inserted: 3, updated: 1, errors: 1 });
    act(() => socket.fire(EVENT, done));
    const summary = screen.getByTestId('import-summary');
    expect(summary).toHaveTextContent('Importação concluída');
    expect(summary).toHaveTextContent('Criados: 3 · Atualizados: 1 · Linhas com erro: 1');
    expect(screen.getByTestId('progress-rows')).toHaveTextContent('5 de 5 linhas (100%)');
    expect(screen.queryByRole('button', { name: 'Cancelar importação' })).toBeNull();
    expect(socket.disconnected).toBe(true);

    const row = await screen.findByTestId('import-error-row');
    expect(within(row).getAllByRole('cell')[0]).toHaveTextContent('4');
    expect(row).toHaveTextContent('A célula de telefone está em branco');
    expect(String(fetchMock.mock.calls[0][0])).toBe(
      '/p/chat/contact/import/imp-1/errors?acc=acc-1&page=1&limit=20',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Baixar relatório de erros' }));
    await waitFor(() => expect(downloadErrorReport).toHaveBeenCalledWith('acc-1', done, 'pt-BR'));
  });

  it('cancels: the summary says so and the socket is closed', async () => {
    vi.mocked(cancelImport).mockResolvedValue(at({ status: 'cancelled', finishedAt: queued.createdAt }));
    renderRun(at({ status: 'running', processed: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar importação' }));
    expect(await screen.findByText('Importação cancelada')).toBeVisible();
    expect(cancelImport).toHaveBeenCalledWith('acc-1', 'imp-1');
    expect(screen.queryByTestId('import-errors')).toBeNull();
    expect(fake.sockets[0].disconnected).toBe(true);
  });

  it('a failed import names the reason (in English too)', async () => {
    await i18n.changeLanguage('en');
    renderRun(at({ status: 'failed', errorCode: 'CSV_STRUCTURE_ERROR', processed: 2 }));
    const summary = screen.getByTestId('import-summary');
    expect(summary).toHaveTextContent('The import failed');
    expect(summary).toHaveTextContent('The CSV file structure is invalid');
    expect(screen.getByTestId('progress-rows')).toHaveTextContent('2 of 5 rows (40%)');
    // Nothing left to follow: no socket.
    expect(fake.sockets).toHaveLength(0);
  });

  it('reads the status over HTTP while the socket is down', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    vi.mocked(getImport).mockResolvedValue(at({ status: 'completed', processed: 5, inserted: 5 }));
    renderRun(queued);
    expect(getImport).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(POLL_MS);
    });
    expect(getImport).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('import-summary')).toHaveTextContent(
      'Criados: 5 · Atualizados: 0 · Linhas com erro: 0',
    );
    expect(fake.sockets[0].disconnected).toBe(true);
  });
});
