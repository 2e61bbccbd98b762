import { Adapter, type ClusterAdapter } from 'socket.io-adapter';
import { describe, expect, it } from 'vitest';
import { localFirst } from './local-first-adapter';
import type { PgListener } from './pg-listener';
import { aloneInCluster } from './realtime';

/** A cluster adapter of a namespace with no sockets, recording what it publishes to the other nodes. */
class RecordingCluster extends Adapter {
  uid = 'this-node';
  nodesMap = new Map<string, number>();
  published: unknown[] = [];
  publishAndReturnOffset(message: unknown) {
    this.published.push(message);
    return Promise.resolve('');
  }
  onMessage() {}
}

const namespace = { name: '/attendance', sockets: new Map(), server: { encoder: { encode: () => [] } } };
const packet = { type: 2, data: ['conversation:updated', { conversationId: 'c1', seq: 1 }] };
const opts = { rooms: new Set(['acc:1']), except: new Set<string>() };

function adapterWith(publishes?: (adapter: ClusterAdapter) => boolean) {
  const create = localFirst(
    (nsp) => new RecordingCluster(nsp as never),
    () => undefined,
    { publishes },
  );
  // Socket.IO calls the factory with `new`.
  return new (create as unknown as new (nsp: unknown) => RecordingCluster)(namespace);
}

describe('localFirst: which broadcasts are published to the other nodes', () => {
  it('publishes every broadcast by default, and none when the node says it is alone', async () => {
    const always = adapterWith();
    await always.broadcast(packet as never, opts);
    expect(always.published).toHaveLength(1);

    let alone = true;
    const lone = adapterWith(() => !alone);
    await lone.broadcast(packet as never, opts);
    expect(lone.published).toHaveLength(0);
    alone = false;
    await lone.broadcast(packet as never, opts);
    expect(lone.published).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ packet, opts: expect.anything() }) }),
    ]);
  });

  it('never publishes a local-only broadcast', async () => {
    const always = adapterWith();
    await always.broadcast(packet as never, { ...opts, flags: { local: true } });
    expect(always.published).toHaveLength(0);
  });
});

describe('aloneInCluster (the PostgreSQL adapter publishes nothing when no other node lives)', () => {
  const listening = (ms: number) => ({ listeningForMs: () => ms }) as unknown as PgListener;
  const cluster = (nodes: string[]) => {
    const adapter = new RecordingCluster(namespace);
    for (const node of nodes) adapter.nodesMap.set(node, Date.now());
    return adapter as unknown as ClusterAdapter;
  };

  it('alone: no other node heard from while listening for longer than a node may stay silent', () => {
    expect(aloneInCluster(cluster([]), listening(10_001))).toBe(true);
  });

  it('not alone: another node was heard from', () => {
    expect(aloneInCluster(cluster(['other-node']), listening(60_000))).toBe(false);
  });

  it('not known yet: listening for less than a node may stay silent (start, reconnection) or not at all', () => {
    expect(aloneInCluster(cluster([]), listening(9_999))).toBe(false);
    expect(aloneInCluster(cluster([]), listening(0))).toBe(false);
  });

  it('an adapter that does not track its nodes (no heartbeats) always publishes', () => {
    const untracked = new Adapter(namespace as never) as unknown as ClusterAdapter;
    expect(aloneInCluster(untracked, listening(60_000))).toBe(false);
  });
});
