import type { TTeamChatAck, TTeamChatMessage } from '@atende/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SendQueue, type TAckSocket, type TOutgoing } from './send-queue';

type TAckFn = (response: TTeamChatAck<TTeamChatMessage>) => void;

/** A socket that records emits; the test answers (or drops) each ack. */
class FakeSocket implements TAckSocket {
  connected = true;
  readonly emits: Array<{ event: string; payload: any; ack: TAckFn }> = [];
  emit(event: string, payload: unknown, ack: TAckFn) {
    this.emits.push({ event, payload, ack });
  }
  last() {
    return this.emits[this.emits.length - 1];
  }
}

function stored(tempId: string): TTeamChatMessage {
  return {
    _id: '0190f7a8-0000-7000-8000-000000000001',
    content: 'oi',
    senderId: 'u1',
    roomId: '0190f7a8-0000-7000-8000-0000000000aa',
    files: [],
    timestamp: new Date(0).toISOString(),
    status: 'sent',
    seq: 1,
    tempId,
  };
}

const failAck: TTeamChatAck<TTeamChatMessage> = { status: 0, code: 'INTERNAL_ERROR', message: 'boom' };

let socket: FakeSocket;
let changes: TOutgoing[];
let queue: SendQueue;
const statuses = () => changes.map((c) => `${c.status}${c.error ? `:${c.error}` : ''}`);

beforeEach(() => {
  vi.useFakeTimers();
  socket = new FakeSocket();
  changes = [];
  queue = new SendQueue({ socket: () => socket, onChange: (item) => changes.push(item) });
});
afterEach(() => {
  queue.dispose();
  vi.useRealTimers();
});

describe('SendQueue', () => {
  it('emits once and is sent on the ack', () => {
    queue.send('sendMessage', { tempId: 't1', roomId: 'r', content: 'oi' });
    expect(socket.emits).toHaveLength(1);
    expect(socket.last().payload).toMatchObject({ tempId: 't1', content: 'oi' });
    socket.last().ack({ status: 1, data: stored('t1') });
    expect(changes.at(-1)).toMatchObject({ status: 'sent', message: { seq: 1 } });
    expect(queue.pending()).toEqual([]);
  });

  it('retries an error ack after 2 s, 4 s and 8 s (retrying), then fails', () => {
    queue.send('sendMessage', { tempId: 't2', content: 'x' });
    socket.last().ack(failAck);
    expect(changes.at(-1)).toMatchObject({ status: 'retrying', retries: 1, error: 'sendFailed' });
    vi.advanceTimersByTime(1_999);
    expect(socket.emits).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(socket.emits).toHaveLength(2);
    socket.last().ack(failAck);
    vi.advanceTimersByTime(3_999);
    expect(socket.emits).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(socket.emits).toHaveLength(3);
    socket.last().ack(failAck);
    vi.advanceTimersByTime(7_999);
    expect(socket.emits).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(socket.emits).toHaveLength(4);
    socket.last().ack(failAck);
    expect(changes.at(-1)).toMatchObject({ status: 'failed', error: 'sendFailed', serverMessage: 'boom' });
    vi.advanceTimersByTime(60_000);
    expect(socket.emits).toHaveLength(4);
    // Every attempt carried the same tempId (the server stores it once).
    expect(new Set(socket.emits.map((e) => e.payload.tempId))).toEqual(new Set(['t2']));
  });

  it('counts 30 s without an ack as a failure (timeout)', () => {
    queue.send('sendMessage', { tempId: 't3', content: 'x' });
    vi.advanceTimersByTime(29_999);
    expect(changes.at(-1)?.status).toBe('sending');
    vi.advanceTimersByTime(1);
    expect(changes.at(-1)).toMatchObject({ status: 'retrying', error: 'timeout' });
    // 2 s later the second attempt goes out; it is acked.
    vi.advanceTimersByTime(2_000);
    expect(socket.emits).toHaveLength(2);
    socket.last().ack({ status: 1, data: stored('t3') });
    expect(changes.at(-1)?.status).toBe('sent');
    vi.advanceTimersByTime(60_000);
    expect(socket.emits).toHaveLength(2);
  });

  it('ends failed with the timeout reason when no attempt is ever acked', () => {
    queue.send('sendMessage', { tempId: 't4', content: 'x' });
    vi.advanceTimersByTime(30_000 + 2_000 + 30_000 + 4_000 + 30_000 + 8_000 + 30_000);
    expect(socket.emits).toHaveLength(4);
    expect(changes.at(-1)).toMatchObject({ status: 'failed', error: 'timeout', retries: 3 });
  });

  it('a late ack of an earlier attempt still marks the message sent and stops the retries', () => {
    queue.send('sendMessage', { tempId: 't5', content: 'x' });
    const first = socket.last();
    vi.advanceTimersByTime(30_000);
    expect(changes.at(-1)?.status).toBe('retrying');
    first.ack({ status: 1, data: stored('t5') });
    expect(changes.at(-1)?.status).toBe('sent');
    vi.advanceTimersByTime(60_000);
    expect(socket.emits).toHaveLength(1);
  });

  it('the retry button starts a new round; failing again says Retry failed', () => {
    queue.send('sendMessage', { tempId: 't6', content: 'x' });
    for (const delay of [2_000, 4_000, 8_000, 0]) {
      socket.last().ack(failAck);
      vi.advanceTimersByTime(delay);
    }
    expect(changes.at(-1)?.status).toBe('failed');
    queue.retry('t6');
    expect(socket.emits).toHaveLength(5);
    expect(changes.at(-1)).toMatchObject({ status: 'sending', retries: 0 });
    for (const delay of [2_000, 4_000, 8_000, 0]) {
      socket.last().ack(failAck);
      vi.advanceTimersByTime(delay);
    }
    expect(socket.emits).toHaveLength(8);
    expect(changes.at(-1)).toMatchObject({ status: 'failed', error: 'retryFailed' });
  });

  it('keeps what is sent offline (Socket not connected) and sends it after reconnecting', () => {
    socket.connected = false;
    queue.send('sendMessage', { tempId: 't7', content: 'offline' });
    expect(socket.emits).toHaveLength(0);
    expect(changes.at(-1)).toMatchObject({ status: 'sending', error: 'notConnected' });
    vi.advanceTimersByTime(120_000);
    expect(socket.emits).toHaveLength(0);
    socket.connected = true;
    queue.flush();
    expect(socket.emits).toHaveLength(1);
    expect(changes.at(-1)?.error).toBeUndefined();
    socket.last().ack({ status: 1, data: stored('t7') });
    expect(statuses()).toEqual(['sending', 'sending:notConnected', 'sending', 'sent']);
  });

  it('a disconnect while waiting for the ack holds the message until the socket is back', () => {
    queue.send('sendMessage', { tempId: 't8', content: 'x' });
    socket.connected = false;
    queue.disconnected();
    expect(changes.at(-1)).toMatchObject({ status: 'sending', error: 'notConnected' });
    vi.advanceTimersByTime(60_000);
    expect(socket.emits).toHaveLength(1);
    socket.connected = true;
    queue.flush();
    expect(socket.emits).toHaveLength(2);
    socket.last().ack({ status: 1, data: stored('t8') });
    expect(changes.at(-1)?.status).toBe('sent');
  });

  it('a retry that comes due while offline waits for the connection', () => {
    queue.send('sendMessage', { tempId: 't9', content: 'x' });
    socket.last().ack(failAck);
    socket.connected = false;
    vi.advanceTimersByTime(2_000);
    expect(socket.emits).toHaveLength(1);
    expect(changes.at(-1)).toMatchObject({ status: 'retrying', error: 'notConnected' });
    socket.connected = true;
    queue.flush();
    expect(socket.emits).toHaveLength(2);
  });

  it('messageSent confirms a message whose ack never came', () => {
    queue.send('sendMessageGPT', { tempId: 't10', content: 'pergunta' });
    expect(socket.last().event).toBe('sendMessageGPT');
    queue.confirm('t10', stored('t10'));
    expect(changes.at(-1)?.status).toBe('sent');
    vi.advanceTimersByTime(60_000);
    expect(socket.emits).toHaveLength(1);
  });
});
