export type TStopSignal = 'SIGINT' | 'SIGTERM';

const STOP_SIGNALS: TStopSignal[] = ['SIGINT', 'SIGTERM'];

/** The conventional exit code of a process stopped by `signal` (128 + its number). */
export function stopExitCode(signal: TStopSignal): number {
  return signal === 'SIGINT' ? 130 : 143;
}

/**
 * A Ctrl+C in a terminal reaches every process of its foreground group, and `npm start` (npm, then
 * scripts/start.mjs) forwards it as well: the server gets the same signal two or three times at
 * once. The same signal again this soon is that one Ctrl+C; later, it is a second one.
 */
export const REPEAT_MS = 1_000;

interface TSignalTarget {
  on(event: TStopSignal, listener: () => void): unknown;
  off(event: TStopSignal, listener: () => void): unknown;
}

export interface TStopSignalsOptions {
  /** The first SIGINT or SIGTERM: the caller stops what runs, closes and exits. */
  onStop: (signal: TStopSignal) => void;
  /** Another signal while stopping (a second Ctrl+C): the caller exits at once. */
  onForce: (signal: TStopSignal) => void;
  target?: TSignalTarget;
  now?: () => number;
}

export interface TStopSignals {
  /** Aborted at the first signal, with the signal's name as its reason. */
  signal: AbortSignal;
  dispose(): void;
}

/**
 * Watches SIGINT and SIGTERM from the process's first moment (before the database opens), so a
 * stop at any step closes what is open instead of the default exit.
 */
export function watchStopSignals(options: TStopSignalsOptions): TStopSignals {
  const target = options.target ?? process;
  const now = options.now ?? Date.now;
  const controller = new AbortController();
  let first: { signal: TStopSignal; at: number } | undefined;
  const listeners = STOP_SIGNALS.map((signal) => {
    const listener = () => {
      if (!first) {
        first = { signal, at: now() };
        controller.abort(signal);
        options.onStop(signal);
      } else if (signal !== first.signal || now() - first.at >= REPEAT_MS) options.onForce(signal);
    };
    target.on(signal, listener);
    return { signal, listener };
  });
  return {
    signal: controller.signal,
    dispose: () => {
      for (const { signal, listener } of listeners) target.off(signal, listener);
    },
  };
}
