/**
 * One live inbox per browser (spec §8 "websocket conflict when opened in another tab ('Use here')").
 * The tab in use holds a Web Lock named after the account and user; a tab opened later finds it
 * taken and shows the conflict screen. 'Use here' tells the holder (BroadcastChannel) to let go
 * and waits for the lock: the clicking tab takes over, the other one shows the conflict screen.
 * Without Web Locks or BroadcastChannel (old browsers, tests) every tab is in use.
 */
export type TTabRole = 'checking' | 'active' | 'conflict';

interface TLocks {
  request(
    name: string,
    options: { ifAvailable?: boolean },
    callback: (lock: unknown) => unknown,
  ): Promise<unknown>;
}

interface TChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export interface TTabGuardDeps {
  locks?: TLocks | null;
  channel?: (name: string) => TChannel | null;
}

function browserDeps(): TTabGuardDeps {
  const locks =
    typeof navigator !== 'undefined' ? ((navigator as any).locks as TLocks | undefined) : undefined;
  return {
    locks: locks ?? null,
    channel: (name) => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name)),
  };
}

export class TabGuard {
  private role: TTabRole = 'checking';
  private release: (() => void) | null = null;
  private readonly channel: TChannel | null;
  private readonly locks: TLocks | null;
  private readonly listeners = new Set<() => void>();
  private disposed = false;

  constructor(
    private readonly name: string,
    deps: TTabGuardDeps = browserDeps(),
  ) {
    this.locks = deps.locks ?? null;
    this.channel = this.locks ? (deps.channel?.(name) ?? null) : null;
    this.channel?.addEventListener('message', (event) => {
      if (event.data === 'takeover' && this.role === 'active') {
        this.release?.();
        this.release = null;
        this.set('conflict');
      }
    });
  }

  getRole = (): TTabRole => this.role;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  start(): void {
    if (!this.locks || !this.channel) {
      this.set('active');
      return;
    }
    void this.locks.request(this.name, { ifAvailable: true }, (lock) => {
      if (!lock) {
        this.set('conflict');
        return null;
      }
      return this.hold();
    });
  }

  /** 'Use here': the other tab lets go, this one takes over. */
  claim(): void {
    if (!this.locks || !this.channel || this.role === 'active') return;
    this.set('checking');
    this.channel.postMessage('takeover');
    void this.locks.request(this.name, {}, () => this.hold());
  }

  dispose(): void {
    this.disposed = true;
    this.release?.();
    this.release = null;
    this.channel?.close();
    this.listeners.clear();
  }

  private hold(): Promise<void> | null {
    if (this.disposed) return null;
    this.set('active');
    return new Promise<void>((resolve) => {
      this.release = resolve;
    });
  }

  private set(role: TTabRole): void {
    if (this.disposed || this.role === role) return;
    this.role = role;
    for (const listener of this.listeners) listener();
  }
}
