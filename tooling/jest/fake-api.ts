// One fake of the API for component tests. It replaces `fetch` only, so the real API client, its error
// mapping, the query cache and the forms run exactly as in the browser. Routes are keyed
// "METHOD /path" (the pathname, without the query string); a call to a route not in the table answers 404.
// The jest setup restores the real fetch after every test, so no suite restores it by hand.

/** What the test sees of one request. */
export interface FakeCall {
  method: string;
  path: string;
  /** The parsed JSON body, the text of any other body (a file upload), or undefined when the request had none. */
  body: unknown;
}

/** A JSON answer (status 200 unless given), a ready Response, or a network failure. */
export type FakeReply = { status?: number; body?: unknown } | Response | 'network-error';

/**
 * What a route answers with: a reply, a promise of one (a test resolves it later to hold the request
 * pending), or a function of the call that returns either.
 */
export type FakeRoute = FakeReply | Promise<FakeReply> | ((call: FakeCall, request: Request) => FakeReply | Promise<FakeReply>);

export interface FakeApi {
  /** Every request, in order. */
  calls: FakeCall[];
  /** The full requests, in the same order as `calls` (headers such as Authorization). */
  requests: Request[];
  /** Adds or replaces one route, e.g. to answer differently later in a test. */
  route(key: string, route: FakeRoute): void;
  /** The calls to one route, e.g. `callsTo('POST /api/proxy/buy')`. */
  callsTo(key: string): FakeCall[];
}

const realFetch = globalThis.fetch;

function toResponse(reply: Exclude<FakeReply, 'network-error'>): Response {
  if (reply instanceof Response) return reply;
  const { status = 200, body } = reply;
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Replaces fetch with the given route table for the rest of the current test. */
export function fakeApi(routes: Record<string, FakeRoute> = {}): FakeApi {
  const table = new Map(Object.entries(routes));
  const calls: FakeCall[] = [];
  const requests: Request[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    const text = await request.clone().text();
    const json = request.headers.get('content-type')?.includes('json') ?? false;
    const call: FakeCall = { method: request.method, path, body: text ? (json ? JSON.parse(text) : text) : undefined };
    calls.push(call);
    requests.push(request);
    const route = table.get(`${call.method} ${path}`);
    const reply = await (typeof route === 'function' ? route(call, request) : route);
    if (reply === undefined) return toResponse({ status: 404, body: { message: 'Not Found' } });
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return toResponse(reply);
  }) as typeof fetch;
  return {
    calls,
    requests,
    route: (key, route) => void table.set(key, route),
    callsTo: (key) => calls.filter((call) => `${call.method} ${call.path}` === key),
  };
}

/** Puts the real fetch back; the jest setup runs it after every test. */
export function restoreFetch(): void {
  globalThis.fetch = realFetch;
}

/** A promise the test settles by hand, to observe the screen while a request is pending. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
