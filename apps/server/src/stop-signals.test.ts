import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { REPEAT_MS, stopExitCode, watchStopSignals } from './stop-signals';

function watched() {
  const target = new EventEmitter();
  let clock = 0;
  const onStop = vi.fn();
  const onForce = vi.fn();
  const stop = watchStopSignals({ onStop, onForce, target, now: () => clock });
  return {
    stop,
    onStop,
    onForce,
    send: (signal: 'SIGINT' | 'SIGTERM', at: number) => {
      clock = at;
      target.emit(signal);
    },
    target,
  };
}

describe('stop signals', () => {
  it('the first SIGINT stops (aborting what runs, with the signal as the reason); the exit codes are 130 and 143', () => {
    const w = watched();
    expect(w.stop.signal.aborted).toBe(false);
    w.send('SIGINT', 5);
    expect(w.onStop).toHaveBeenCalledExactlyOnceWith('SIGINT');
    expect(w.stop.signal.aborted).toBe(true);
    expect(w.stop.signal.reason).toBe('SIGINT');
    expect(w.onForce).not.toHaveBeenCalled();
    expect([stopExitCode('SIGINT'), stopExitCode('SIGTERM')]).toEqual([130, 143]);
  });

  it('one Ctrl+C delivered three times at once (terminal, npm, scripts/start.mjs) stops once, without forcing', () => {
    const w = watched();
    w.send('SIGINT', 0);
    w.send('SIGINT', 3);
    w.send('SIGINT', REPEAT_MS - 1);
    expect(w.onStop).toHaveBeenCalledTimes(1);
    expect(w.onForce).not.toHaveBeenCalled();
  });

  it('a second Ctrl+C later while stopping, or a different signal, forces the exit', () => {
    const late = watched();
    late.send('SIGINT', 0);
    late.send('SIGINT', REPEAT_MS + 200);
    expect(late.onForce).toHaveBeenCalledExactlyOnceWith('SIGINT');
    const other = watched();
    other.send('SIGTERM', 0);
    other.send('SIGINT', 10);
    expect(other.onStop).toHaveBeenCalledExactlyOnceWith('SIGTERM');
    expect(other.onForce).toHaveBeenCalledExactlyOnceWith('SIGINT');
  });

  it('disposed, it leaves the signals alone', () => {
    const w = watched();
    w.stop.dispose();
    expect(w.target.listenerCount('SIGINT') + w.target.listenerCount('SIGTERM')).toBe(0);
  });
});
