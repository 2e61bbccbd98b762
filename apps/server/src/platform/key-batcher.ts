/**
 * Group commit by key: inputs given for one key while that key's batch is being written wait and
 * leave together with the next batch (at most `max` each), and every caller gets its own answer.
 * A batch that fails runs again one input at a time, so a bad input fails only its own caller.
 * (The inbox's intake batches webhooks the same way, sized by messages: InboundService.)
 */
export function keyBatcher<I, O>(
  run: (key: string, inputs: I[]) => Promise<O[]>,
  max = 50,
): (key: string, input: I) => Promise<O> {
  type TWaiting = { input: I; resolve: (out: O) => void; reject: (err: unknown) => void };
  const queues = new Map<string, TWaiting[]>();
  const drain = async (key: string, queue: TWaiting[]) => {
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, max);
        try {
          const outs = await run(
            key,
            batch.map((w) => w.input),
          );
          for (const [i, w] of batch.entries()) w.resolve(outs[i]);
        } catch (error) {
          if (batch.length === 1) batch[0].reject(error);
          else for (const w of batch) await run(key, [w.input]).then(([out]) => w.resolve(out), w.reject);
        }
      }
    } finally {
      queues.delete(key);
    }
  };
  return (key, input) =>
    new Promise<O>((resolve, reject) => {
      const queue = queues.get(key);
      if (queue) {
        queue.push({ input, resolve, reject });
        return;
      }
      const started: TWaiting[] = [{ input, resolve, reject }];
      queues.set(key, started);
      void drain(key, started);
    });
}
