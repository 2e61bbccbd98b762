import { Adapter, type BroadcastOptions, type ClusterAdapter, MessageType } from 'socket.io-adapter';

type TAdapterFactory = (nsp: unknown) => Adapter;
type TPacket = Parameters<Adapter['broadcast']>[0];

/**
 * Socket.IO's cluster adapters publish a broadcast to the other nodes first and deliver it to this
 * node's sockets only once the publication returned: with the PostgreSQL adapter every local event
 * waited for a `pg_notify` round trip, queued behind the others under load (the inbox's socket p99
 * at 500 messages/s). Here this node's sockets get the event at once and the other nodes' copy
 * follows; both keep the order of the calls. Offsets (connection state recovery) are not used:
 * clients catch up through the API.
 */
export function localFirst(factory: TAdapterFactory, onError: (err: unknown) => void): TAdapterFactory {
  // A function declaration, not an arrow: Socket.IO calls the factory with `new`.
  function create(nsp: unknown) {
    const adapter = factory(nsp) as ClusterAdapter;
    adapter.broadcast = async (packet: TPacket, opts: BroadcastOptions) => {
      Adapter.prototype.broadcast.call(adapter, packet, opts);
      if (opts.flags?.local) return;
      const message = {
        type: MessageType.BROADCAST,
        data: {
          packet,
          opts: { rooms: [...opts.rooms], except: [...(opts.except ?? [])], flags: opts.flags },
        },
      } as const;
      // @ts-expect-error publishAndReturnOffset is protected: the one way to publish without delivering.
      void (adapter.publishAndReturnOffset(message) as Promise<unknown>).catch(onError);
    };
    return adapter;
  }
  return create;
}
