import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { theme } from '../app/theme';

/**
 * Runs `body` with Mantine's transitions on: the tests otherwise prefer reduced motion, where a
 * closing dialog is gone at once. Every dialog `body` closes must be gone before it returns (no
 * transition timer may outlive the test).
 */
export async function withMotion(body: () => Promise<void>): Promise<void> {
  Object.assign(theme, { respectReducedMotion: false });
  try {
    await body();
  } finally {
    Object.assign(theme, { respectReducedMotion: true });
  }
}

/**
 * How long a test waits for a closing dialog to be gone: its transition is 200 ms, but a loaded
 * machine (CI runs the suites side by side) delays the transition's timers past waitFor's 1 s.
 */
export const GONE_WITHIN = { timeout: 10_000 };

/**
 * `close` closes `dialog` (a modal or drawer): from then until it is gone, the dialog, still on
 * screen while it fades out, reads exactly as it did open (its text is watched all along).
 */
export async function expectSameWhileClosing(dialog: HTMLElement, close: () => unknown): Promise<void> {
  const text = dialog.textContent;
  const read: string[] = [];
  const observer = new MutationObserver(() => {
    if (dialog.isConnected) read.push(dialog.textContent ?? '');
  });
  observer.observe(dialog, { subtree: true, childList: true, characterData: true });
  try {
    await close();
    expect(dialog).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument(), GONE_WITHIN);
  } finally {
    observer.disconnect();
  }
  expect(read.filter((t) => t !== text)).toEqual([]);
}
