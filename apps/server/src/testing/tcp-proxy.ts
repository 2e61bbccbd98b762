// A TCP proxy between the app and PostgreSQL that a test can cut: every open connection is
// destroyed at once (both sides, as a crashed server or a dropped network path would), and new
// ones are refused (accepted and closed straight away, no byte exchanged) until the cut ends.
import { createServer, type Server, type Socket, connect } from 'node:net';

export class TcpProxy {
  private server: Server | null = null;
  private readonly pairs = new Set<[Socket, Socket]>();
  private down = false;
  private restoreTimer: NodeJS.Timeout | null = null;
  /** Connections accepted and piped to the target. */
  accepted = 0;
  /** Connections refused while cut. */
  refused = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** Listens on a free local port; resolves with it. */
  async start(): Promise<number> {
    const server = createServer((client) => this.onClient(client));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  /** `url` with its host and port replaced by this proxy's. */
  static rewrite(url: string, port: number): string {
    const rewritten = new URL(url);
    rewritten.hostname = '127.0.0.1';
    rewritten.port = String(port);
    return rewritten.toString();
  }

  /** Connections currently piped through. */
  get open(): number {
    return this.pairs.size;
  }

  /**
   * The local ports of the proxy's connections to the target: PostgreSQL sees them as client_port
   * in pg_stat_activity, which tells this proxy's sessions (the app behind it) from the others.
   */
  upstreamPorts(): number[] {
    return [...this.pairs].map(([, upstream]) => upstream.localPort).filter((p): p is number => !!p);
  }

  get isDown(): boolean {
    return this.down;
  }

  /** Destroys every open connection and refuses new ones for `ms` (until restore() without it). */
  cut(ms?: number) {
    this.down = true;
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
    if (this.restoreTimer) clearTimeout(this.restoreTimer);
    this.restoreTimer = ms === undefined ? null : setTimeout(() => this.restore(), ms);
  }

  /** Accepts connections again. */
  restore() {
    if (this.restoreTimer) clearTimeout(this.restoreTimer);
    this.restoreTimer = null;
    this.down = false;
  }

  async stop() {
    this.cut();
    if (this.restoreTimer) clearTimeout(this.restoreTimer);
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  private onClient(client: Socket) {
    if (this.down) {
      this.refused += 1;
      client.destroy();
      return;
    }
    this.accepted += 1;
    const upstream = connect(this.targetPort, this.targetHost);
    const pair: [Socket, Socket] = [client, upstream];
    this.pairs.add(pair);
    const close = () => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of pair) {
      socket.on('error', close);
      socket.on('close', close);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
