import { useCallback, useEffect, useRef, useState } from 'react';

export type TSaveStatus = 'saved' | 'pending' | 'saving' | 'error';

export const AUTOSAVE_DELAY_MS = 1200;

/**
 * Saves `value` `delayMs` after its last change (one save in flight at a time; a change made while
 * saving is saved right after). `flush()` saves now and resolves once everything is stored (before
 * publishing or testing); a failed save keeps the change and says so. Leaving the page with a
 * change not yet stored asks the browser to confirm.
 */
export function useAutosave<T>(value: T, save: (value: T) => Promise<unknown>, delayMs = AUTOSAVE_DELAY_MS) {
  const [status, setStatus] = useState<TSaveStatus>('saved');
  const [error, setError] = useState<unknown>(null);
  const latest = useRef(value);
  const stored = useRef(value);
  const running = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveRef = useRef(save);
  saveRef.current = save;
  latest.current = value;

  const run = useCallback((): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (running.current) return running.current.then(() => run());
    if (latest.current === stored.current) {
      setStatus((st) => (st === 'error' ? st : 'saved'));
      return Promise.resolve();
    }
    const sending = latest.current;
    setStatus('saving');
    const p = saveRef
      .current(sending)
      .then(
        () => {
          stored.current = sending;
          setError(null);
          setStatus(latest.current === sending ? 'saved' : 'pending');
        },
        (err: unknown) => {
          setError(err);
          setStatus('error');
          throw err;
        },
      )
      .finally(() => {
        running.current = null;
      });
    running.current = p.catch(() => undefined);
    return p.then(() => (latest.current !== stored.current ? run() : undefined));
  }, []);

  useEffect(() => {
    if (value === stored.current) {
      // Back to what is stored (undo after redo): nothing to send.
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      if (!running.current) setStatus('saved');
      return;
    }
    setStatus((s) => (s === 'saving' ? s : 'pending'));
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      run().catch(() => undefined);
    }, delayMs);
  }, [value, delayMs, run]);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (latest.current !== stored.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      if (timer.current) clearTimeout(timer.current);
      // Leaving the editor inside the app: what is not stored yet is sent now.
      if (latest.current !== stored.current) saveRef.current(latest.current)?.catch?.(() => undefined);
    };
  }, []);

  /** Forgets what was stored (a new document from the server: rollback, import). */
  const reset = useCallback((next: T) => {
    latest.current = next;
    stored.current = next;
    setStatus('saved');
    setError(null);
  }, []);

  return { status, error, flush: run, reset };
}
