import { describe, expect, it } from 'vitest';
import { TabGuard } from './tab-guard';

/** Web Locks and BroadcastChannel shared by the "tabs" of one test (a browser's same-origin tabs). */
function browser() {
  const held = new Map<string, boolean>();
  const waiting: Array<{ name: string; grant: () => void }> = [];
  const channels = new Set<{ name: string; listener?: (e: { data: unknown }) => void }>();
  const locks = {
    async request(name: string, options: { ifAvailable?: boolean }, callback: (lock: unknown) => unknown) {
      if (held.get(name)) {
        if (options.ifAvailable) return callback(null);
        await new Promise<void>((grant) => waiting.push({ name, grant }));
      }
      held.set(name, true);
      await callback({ name });
      held.set(name, false);
      const next = waiting.findIndex((w) => w.name === name);
      if (next >= 0) waiting.splice(next, 1)[0].grant();
    },
  };
  const channel = (name: string) => {
    const me: { name: string; listener?: (e: { data: unknown }) => void } = { name };
    channels.add(me);
    return {
      postMessage: (data: unknown) => {
        for (const other of channels) if (other !== me && other.name === name) other.listener?.({ data });
      },
      addEventListener: (_: 'message', listener: (e: { data: unknown }) => void) => {
        me.listener = listener;
      },
      close: () => channels.delete(me),
    };
  };
  return { locks, channel };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('one inbox tab at a time', () => {
  it("the first tab holds the inbox, a second one shows the conflict; 'Use here' swaps them", async () => {
    const deps = browser();
    const first = new TabGuard('inbox:acc:user', deps);
    first.start();
    await flush();
    expect(first.getRole()).toBe('active');
    const second = new TabGuard('inbox:acc:user', deps);
    second.start();
    await flush();
    expect(second.getRole()).toBe('conflict');

    second.claim();
    await flush();
    await flush();
    expect(first.getRole()).toBe('conflict');
    expect(second.getRole()).toBe('active');
  });

  it('another account or user is another inbox', async () => {
    const deps = browser();
    const a = new TabGuard('inbox:acc-1:user', deps);
    const b = new TabGuard('inbox:acc-2:user', deps);
    a.start();
    b.start();
    await flush();
    expect([a.getRole(), b.getRole()]).toEqual(['active', 'active']);
  });

  it('closing the tab in use frees the inbox for the next one opened', async () => {
    const deps = browser();
    const first = new TabGuard('inbox:acc:user', deps);
    first.start();
    await flush();
    first.dispose();
    await flush();
    const next = new TabGuard('inbox:acc:user', deps);
    next.start();
    await flush();
    expect(next.getRole()).toBe('active');
  });

  it('without Web Locks every tab is in use', () => {
    const guard = new TabGuard('inbox:acc:user', { locks: null, channel: () => null });
    guard.start();
    expect(guard.getRole()).toBe('active');
  });
});
