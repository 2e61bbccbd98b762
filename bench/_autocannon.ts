import autocannon from 'autocannon';

/** Drives `url` with autocannon (cheap load generator) and returns every response time, sorted. */
export async function hammer(options: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
}) {
  const latencies: number[] = [];
  let non2xx = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        headers: options.headers,
        method: options.method ?? 'GET',
        body: options.body,
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else non2xx += 1;
    });
  });
  latencies.sort((a, b) => a - b);
  const wireKbPerResponse = result.requests.total
    ? result.throughput.total / result.requests.total / 1024
    : 0;
  return { latencies, non2xx, errors: result.errors, rps: result.requests.average, wireKbPerResponse };
}
