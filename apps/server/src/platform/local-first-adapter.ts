import { Adapter, type BroadcastOptions, type ClusterAdapter, MessageType } from 'socket.io-adapter';
import { ReorderBuffer, type TReorderOptions } from './reorder-buffer';

type TAdapterFactory = (nsp: unknown) => Adapter;
type TPacket = Parameters<Adapter['broadcast']>[0];
type TClusterMessage = { type: MessageType; uid?: string; nsp?: string; data?: unknown };
/** A broadcast another node published (ClusterAdapter's wire shape). */
type TRemoteBroadcast = TClusterMessage & {
  data: {
    packet: TPacket;
    opts: { rooms: string[]; except: string[]; flags?: BroadcastOptions['flags'] };
    requestId?: string;
  };
};

/** A numbered broadcast: its stream (a conversation) and its number in it. */
export type TSequenceOf = (packet: TPacket) => { key: string; seq: number } | undefined;

/**
 * The inbox's numbered events (modules/inbox/realtime/inbox-events.ts): a packet whose argument
 * carries `conversationId` and an integer `seq` is in the stream of that conversation.
 */
export const sequenceOfConversationEvent: TSequenceOf = (packet) => {
  const payload = (packet as { data?: unknown[] }).data?.[1] as
    | { conversationId?: unknown; seq?: unknown }
    | null
    | undefined;
  if (!payload || typeof payload !== 'object') return undefined;
  const { conversationId, seq } = payload;
  if (typeof conversationId !== 'string' || typeof seq !== 'number' || !Number.isInteger(seq))
    return undefined;
  return { key: conversationId, seq };
};

export interface TLocalFirstOptions extends TReorderOptions {
  /** Which broadcasts are numbered (default: the inbox's conversation events). */
  sequenceOf?: TSequenceOf;
  /**
   * Whether a broadcast must be published to the other nodes now (default: always). False when
   * this node knows it is alone: the publication would only come back to itself.
   */
  publishes?: (adapter: ClusterAdapter) => boolean;
}

/**
 * Socket.IO's cluster adapters publish a broadcast to the other nodes first and deliver it to this
 * node's sockets only once the publication returned: with the PostgreSQL adapter every local event
 * waited for a `pg_notify` round trip, queued behind the others under load (the inbox's socket p99
 * at 500 messages/s). Here this node's sockets get the event at once and the other nodes' copy
 * follows. Offsets (connection state recovery) are not used: clients catch up through the API.
 *
 * Delivering local events at once means a node sees its own events before earlier ones another
 * node committed (those come through NOTIFY): a conversation's events could reach a socket out of
 * commit order. Numbered broadcasts (`sequenceOf`: a conversation and its event number, taken in
 * the transaction of the change) therefore pass a per-conversation ReorderBuffer on every node,
 * whether they were emitted here or came from another node: number n reaches this node's sockets
 * after n-1, or after at most `holdMs` when n-1 does not come. Broadcasts without a number go out
 * as before.
 */
export function localFirst(
  factory: TAdapterFactory,
  onError: (err: unknown) => void,
  options: TLocalFirstOptions = {},
): TAdapterFactory {
  const sequenceOf = options.sequenceOf ?? sequenceOfConversationEvent;
  const publishes = options.publishes ?? (() => true);
  // A function declaration, not an arrow: Socket.IO calls the factory with `new`.
  function create(nsp: unknown) {
    const adapter = factory(nsp) as ClusterAdapter;
    const local = (packet: TPacket, opts: BroadcastOptions) =>
      Adapter.prototype.broadcast.call(adapter, packet, opts);
    const ordered = new ReorderBuffer<[TPacket, BroadcastOptions]>(([packet, opts]) => local(packet, opts), {
      ...options,
      onError,
    });
    const deliver = (packet: TPacket, opts: BroadcastOptions) => {
      const numbered = sequenceOf(packet);
      if (numbered) ordered.push(numbered.key, numbered.seq, [packet, opts]);
      else local(packet, opts);
    };

    adapter.broadcast = async (packet: TPacket, opts: BroadcastOptions) => {
      deliver(packet, opts);
      if (opts.flags?.local || !publishes(adapter)) return;
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

    // Another node's broadcast: numbered ones join this node's order; everything else as before.
    const cluster = adapter as unknown as {
      uid: string;
      nsp: { name: string };
      onMessage(message: TClusterMessage, offset?: string): void;
    };
    const onMessage = cluster.onMessage.bind(adapter);
    cluster.onMessage = (message, offset) => {
      const m = message as TRemoteBroadcast;
      if (
        m.type === MessageType.BROADCAST &&
        m.uid !== cluster.uid &&
        m.nsp === cluster.nsp.name &&
        m.data?.requestId === undefined
      ) {
        const numbered = m.data?.packet ? sequenceOf(m.data.packet) : undefined;
        if (numbered) {
          const opts: BroadcastOptions = {
            rooms: new Set(m.data.opts.rooms),
            except: new Set(m.data.opts.except),
            flags: m.data.opts.flags,
          };
          ordered.push(numbered.key, numbered.seq, [m.data.packet, opts]);
          return;
        }
      }
      onMessage(message, offset);
    };

    const close = adapter.close.bind(adapter);
    adapter.close = () => {
      ordered.drain();
      return close();
    };
    return adapter;
  }
  return create;
}
