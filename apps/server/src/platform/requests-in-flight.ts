import type { FastifyInstance } from 'fastify';

/** HTTP requests this process is serving now: people and providers waiting on it. */
let serving = 0;

/** Counts the server's requests from their arrival until their response closes (sent or aborted). */
export function trackRequestsInFlight(app: FastifyInstance) {
  app.server.prependListener('request', (_request, response) => {
    serving += 1;
    response.once('close', () => {
      serving -= 1;
    });
  });
}

/** Requests in flight in this process now (see trackRequestsInFlight). */
export function requestsInFlight(): number {
  return serving;
}
