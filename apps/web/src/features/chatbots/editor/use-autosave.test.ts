import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DELAY_MS, useAutosave } from './use-autosave';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('draft autosave', () => {
  it('saves once after the last change (debounced), saying pending → saving → saved', async () => {
    const save = vi.fn(async (_v: string) => undefined);
    const { result, rerender } = renderHook(({ v }) => useAutosave(v, save), { initialProps: { v: 'a' } });
    expect(result.current.status).toBe('saved');
    rerender({ v: 'ab' });
    rerender({ v: 'abc' });
    expect(result.current.status).toBe('pending');
    await act(async () => {
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith('abc');
    expect(result.current.status).toBe('saved');
  });

  it('going back to what is stored (undo) sends nothing and says saved', async () => {
    const save = vi.fn(async (_v: string) => undefined);
    const { result, rerender } = renderHook(({ v }) => useAutosave(v, save), { initialProps: { v: 'a' } });
    rerender({ v: 'b' });
    rerender({ v: 'a' });
    await act(async () => {
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS * 2);
    });
    expect(save).not.toHaveBeenCalled();
    expect(result.current.status).toBe('saved');
  });

  it('a failed save keeps the change and says so; flush retries it', async () => {
    let fail = true;
    const save = vi.fn(async (_v: string) => {
      if (fail) throw new Error('offline');
    });
    const { result, rerender } = renderHook(({ v }) => useAutosave(v, save), { initialProps: { v: 'a' } });
    rerender({ v: 'b' });
    await act(async () => {
      vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    });
    expect(result.current.status).toBe('error');
    fail = false;
    await act(async () => {
      await result.current.flush();
    });
    expect(save).toHaveBeenLastCalledWith('b');
    expect(result.current.status).toBe('saved');
  });
});
