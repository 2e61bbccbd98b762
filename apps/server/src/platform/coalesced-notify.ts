import type pg from 'pg';

const NOTIFY = 'SELECT pg_notify($1, $2)';
/**
 * Notifications waiting at most: while the database is away every round trip fails or hangs
 * (until the pool's connection timeout) and broadcasts keep coming; past this many the newest
 * are refused at once instead of piling up in memory (the other nodes miss them either way).
 */
const MAX_QUEUED = 10_000;

/**
 * The pool handed to the Socket.IO PostgreSQL adapter, with its notifications coalesced: the
 * adapter sends one `pg_notify` query per broadcast (and waits for it before delivering locally),
 * which under a stream of inbox events costs more than the events' own transactions. Here the
 * notifications asked for while one round trip is in flight leave together in the next one
 * (`pg_notify` over an array, in order) — listeners still receive one notification per broadcast.
 * Every other query goes to the pool unchanged.
 */
export function coalescedNotifyPool(pool: pg.Pool): pg.Pool {
  const queue: Array<{
    channel: string;
    payload: string;
    resolve: () => void;
    reject: (e: unknown) => void;
  }> = [];
  let flushing = false;

  async function flush() {
    flushing = true;
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, 500);
        try {
          // One JSON parameter (native encoding; a text[] would be escaped element by element).
          await pool.query(
            'SELECT pg_notify(n.value->>0, n.value->>1) FROM json_array_elements($1::json) WITH ORDINALITY AS n(value, i) ORDER BY n.i',
            [JSON.stringify(batch.map((b) => [b.channel, b.payload]))],
          );
          for (const b of batch) b.resolve();
        } catch (error) {
          for (const b of batch) b.reject(error);
        }
      }
    } finally {
      flushing = false;
    }
  }

  return new Proxy(pool, {
    get(target, property, receiver) {
      if (property !== 'query') return Reflect.get(target, property, receiver);
      return (text: unknown, values?: unknown[]) => {
        if (text !== NOTIFY || !Array.isArray(values)) return (target.query as any)(text, values);
        if (queue.length >= MAX_QUEUED)
          return Promise.reject(new Error('notification queue full: the database is not answering'));
        return new Promise<void>((resolve, reject) => {
          queue.push({ channel: String(values[0]), payload: String(values[1]), resolve, reject });
          if (!flushing) void flush();
        });
      };
    },
  });
}
