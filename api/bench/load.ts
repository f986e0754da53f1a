// The load generator of bench/run.ts, in its own process so it does not share the server's event loop.
// Reads one scenario as JSON from argv, runs autocannon, prints the summary as JSON on stdout.
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

// autocannon 9 appends every response chunk to a string (`req.body += chunk`) for body checks this bench
// never asks for. On the largest state's search (about 460 KB of gzip per response) that UTF-8 decoding of
// binary data was 80% of the load generator's CPU, about 4 ms per response: the client, not the API, set
// the pace and the tail latency. A browser does nothing like it, so the bench keeps only the byte count.
const PipelinedRequestsQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
  prototype: { addBody(data: Buffer): void };
};
PipelinedRequestsQueue.prototype.addBody = () => {};

interface Scenario {
  url: string;
  method: 'GET' | 'POST';
  connections: number;
  duration?: number;
  amount?: number;
  /** One bearer token per connection (round robin). */
  tokens?: string[];
  body?: unknown;
  /** POST /buy: each request buys the next of these listing ids. */
  buyIds?: string[];
  /** Each request sends the next of these bodies (e.g. different search terms). */
  bodies?: unknown[];
}

const scenario = JSON.parse(process.argv[2] ?? '{}') as Scenario;
let nextClient = 0;
let nextBuy = 0;
let nextBody = 0;

const instance = autocannon({
  url: scenario.url,
  method: scenario.method,
  connections: scenario.connections,
  ...(scenario.amount ? { amount: scenario.amount } : { duration: scenario.duration ?? 10 }),
  // As a browser does: JSON bodies, and gzip accepted.
  headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
  ...(scenario.body === undefined ? {} : { body: JSON.stringify(scenario.body) }),
  setupClient: (client) => {
    const token = scenario.tokens?.[nextClient++ % scenario.tokens.length];
    if (token) client.setHeaders({ 'content-type': 'application/json', 'accept-encoding': 'gzip', authorization: `Bearer ${token}` });
  },
  ...(scenario.buyIds
    ? {
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => ({ ...request, body: JSON.stringify({ ID: [scenario.buyIds?.[nextBuy++ % (scenario.buyIds?.length ?? 1)]] }) }),
          },
        ],
      }
    : {}),
  ...(scenario.bodies
    ? {
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => ({ ...request, body: JSON.stringify(scenario.bodies?.[nextBody++ % (scenario.bodies?.length ?? 1)]) }),
          },
        ],
      }
    : {}),
});

instance.on('done', (result) => {
  process.stdout.write(
    JSON.stringify({
      requests: result.requests.total,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      statusCodes: result.statusCodeStats,
    }),
  );
});
