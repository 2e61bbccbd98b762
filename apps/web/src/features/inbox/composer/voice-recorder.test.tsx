import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../app/i18n';
import { Composer } from './composer';
import { ACC, WHATSAPP, conversation, mockApi, renderInbox } from '../inbox-testing';

/** MediaRecorder as the browser gives it: records after start(), hands its data and stops on stop(). */
class FakeRecorder {
  static supported = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus'];
  static isTypeSupported = (mime: string) => FakeRecorder.supported.includes(mime);
  static last: FakeRecorder | null = null;
  state: 'inactive' | 'recording' = 'inactive';
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: unknown,
    readonly options: { mimeType: string },
  ) {
    FakeRecorder.last = this;
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['voice bytes'], { type: this.options.mimeType }) });
    this.onstop?.();
  }
}

/** The upload's XMLHttpRequest: answers the stored file; the sent files are kept. */
const sent: Array<{ url: string; file: File }> = [];
class FakeXhr {
  upload: { onprogress?: unknown } = {};
  status = 0;
  responseText = '';
  statusText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  abort() {}
  send(file: File) {
    sent.push({ url: this.url, file });
    this.status = 200;
    this.responseText = JSON.stringify({
      status: 1,
      data: { fileId: 'f-voice', name: file.name, mimeType: file.type, size: file.size },
    });
    setTimeout(() => this.onload?.(), 0);
  }
}

const track = { stop: vi.fn() };
const getUserMedia = vi.fn();

beforeEach(() => {
  sent.length = 0;
  track.stop.mockClear();
  getUserMedia.mockReset();
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  mockApi((call) =>
    call.path === '/p/chat/quick-messages' || call.path === '/p/chat/closing-reasons'
      ? { body: [] }
      : undefined,
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('pt-BR');
});

const renderComposer = (c = conversation({ stage: 'attendance' })) => {
  const onSend = vi.fn();
  renderInbox(<Composer acc={ACC} conversation={c} canReply onSend={onSend} />);
  return onSend;
};

describe('voice messages', () => {
  it('microphone granted: records with a running timer, then uploads and sends the audio', async () => {
    getUserMedia.mockResolvedValue({ getTracks: () => [track] });
    const onSend = renderComposer();
    fireEvent.click(screen.getByRole('button', { name: 'Gravar mensagem de voz' }));
    expect(await screen.findByTestId('voice-timer')).toHaveTextContent('Gravando 0:00');
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    expect(FakeRecorder.last?.state).toBe('recording');
    // The web chat takes webm/opus (the first format this browser records).
    expect(FakeRecorder.last?.options.mimeType).toBe('audio/webm;codecs=opus');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar a mensagem de voz' }));
    await waitFor(() => expect(onSend).toHaveBeenCalled());
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toContain('/p/chat/upload?');
    expect(sent[0].url).toContain(`acc=${ACC}`);
    expect(sent[0].file.name).toMatch(/^voice-.*\.weba$/);
    expect(sent[0].file.type).toBe('audio/webm');
    expect(onSend).toHaveBeenCalledWith('', [expect.objectContaining({ fileId: 'f-voice' })], false);
    expect(track.stop).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Gravar mensagem de voz' })).toBeInTheDocument();
  });

  it('WhatsApp records ogg/opus; a discarded recording sends nothing and frees the microphone', async () => {
    getUserMedia.mockResolvedValue({ getTracks: () => [track] });
    const onSend = renderComposer(
      conversation({ stage: 'attendance', channelId: WHATSAPP, channelKind: 'whatsapp-cloud' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Gravar mensagem de voz' }));
    await screen.findByTestId('voice-timer');
    expect(FakeRecorder.last?.options.mimeType).toBe('audio/ogg;codecs=opus');
    fireEvent.click(screen.getByRole('button', { name: 'Descartar a gravação' }));
    expect(await screen.findByRole('button', { name: 'Gravar mensagem de voz' })).toBeInTheDocument();
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect(sent).toHaveLength(0);
    expect(onSend).not.toHaveBeenCalled();
    expect(track.stop).toHaveBeenCalled();
  });

  it('WhatsApp in a browser without ogg (Chromium) records webm/opus, which the server remuxes to ogg', async () => {
    getUserMedia.mockResolvedValue({ getTracks: () => [track] });
    const all = FakeRecorder.supported;
    FakeRecorder.supported = ['audio/webm;codecs=opus', 'audio/mp4'];
    try {
      const onSend = renderComposer(
        conversation({ stage: 'attendance', channelId: WHATSAPP, channelKind: 'whatsapp-cloud' }),
      );
      fireEvent.click(screen.getByRole('button', { name: 'Gravar mensagem de voz' }));
      await screen.findByTestId('voice-timer');
      expect(FakeRecorder.last?.options.mimeType).toBe('audio/webm;codecs=opus');
      fireEvent.click(screen.getByRole('button', { name: 'Enviar a mensagem de voz' }));
      await waitFor(() => expect(onSend).toHaveBeenCalled());
      expect(sent.at(-1)?.file.name).toMatch(/^voice-.*\.weba$/);
      expect(sent.at(-1)?.file.type).toBe('audio/webm');
    } finally {
      FakeRecorder.supported = all;
    }
  });

  it('microphone refused: the microphone access error, in pt-BR', async () => {
    getUserMedia.mockRejectedValue(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    const onSend = renderComposer();
    fireEvent.click(screen.getByRole('button', { name: 'Gravar mensagem de voz' }));
    expect(
      await screen.findByText(
        'Não foi possível acessar o microfone. Permita o acesso ao microfone no navegador e tente novamente.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('voice-recorder')).toBeNull();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('microphone refused: the microphone access error, in English', async () => {
    await i18n.changeLanguage('en');
    getUserMedia.mockRejectedValue(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    renderComposer();
    fireEvent.click(screen.getByRole('button', { name: 'Record a voice message' }));
    expect(
      await screen.findByText(
        'Could not access the microphone. Allow microphone access in your browser and try again.',
      ),
    ).toBeInTheDocument();
  });
});
