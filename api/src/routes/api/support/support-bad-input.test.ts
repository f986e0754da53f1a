// Every ticket and desk route against hostile input: missing fields, wrong types, huge strings, broken JSON,
// a 2 MB body, odd path ids. Always a 4xx with {message}, never a 5xx, and nothing written.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import type { Ticket } from 'contract/support';
import { buildSupport, call, customer, supportMember, supportRowCounts } from '../../../test/support-kit.ts';
import { backends, injectWithLogin } from '../../../test/helpers.ts';

interface RouteUnderTest {
  method: 'POST' | 'PUT' | 'GET';
  url: (ticketId: string) => string;
  valid: Record<string, unknown> | null;
  desk: boolean;
}

const routes: RouteUnderTest[] = [
  { method: 'POST', url: () => '/api/support/ticket', valid: { category: 'General', text: 'Hello', historyId: 1 }, desk: false },
  { method: 'GET', url: (id) => `/api/support/ticket/${id}`, valid: null, desk: false },
  { method: 'PUT', url: (id) => `/api/support/ticket/${id}`, valid: { status: 'Closed' }, desk: false },
  { method: 'GET', url: (id) => `/api/support/message/${id}`, valid: null, desk: false },
  { method: 'POST', url: () => '/api/support/message', valid: { ticketId: 'TICKET', text: 'Hello' }, desk: false },
  { method: 'GET', url: (id) => `/api/support/desk/ticket/${id}`, valid: null, desk: true },
  { method: 'PUT', url: (id) => `/api/support/desk/ticket/${id}`, valid: { status: 'Closed' }, desk: true },
  { method: 'POST', url: () => '/api/support/desk/message', valid: { ticketId: 'TICKET', text: 'Hello' }, desk: true },
  { method: 'POST', url: (id) => `/api/support/desk/ticket/${id}/refund`, valid: null, desk: true },
];

const json = { 'content-type': 'application/json' };
const VALUES = [
  ['number', 12345678],
  ['negative number', -1],
  ['float', 1.5],
  ['boolean', true],
  ['null', null],
  ['array', ['a']],
  ['object', { $ne: '' }],
  ['100 kB string', 'A1!a'.repeat(25_000)],
  ['10k string', 'A1!a'.repeat(2_500)],
  ['NUL string', 'a\u0000b'],
  ['SQL string', "1' or '1'='1"],
] as const;

function cases(route: RouteUnderTest, ticketId: string): Array<{ label: string; options: Partial<InjectOptions> }> {
  const list: Array<{ label: string; options: Partial<InjectOptions> }> = [];
  for (const [label, id] of [
    ['huge path id', 'x'.repeat(5000)],
    ['encoded NUL in the path', '%00'],
    ['SQL in the path', "1'%20or%20'1'='1"],
    ['not a uuid', '12345'],
  ] as const) {
    if (route.url('a') !== route.url('b')) list.push({ label, options: { url: route.url(id), payload: route.valid ?? undefined } });
  }
  if (route.method === 'GET') return list;
  list.push(
    { label: 'invalid JSON', options: { headers: json, payload: '{"text": "abc", ' } },
    { label: '2 MB body', options: { headers: json, payload: JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) }) } },
  );
  if (route.valid === null) return list;
  const valid = Object.fromEntries(Object.entries(route.valid).map(([key, value]) => [key, value === 'TICKET' ? ticketId : value]));
  list.push(
    { label: 'no body', options: {} },
    { label: 'empty object', options: { payload: {} } },
    { label: 'array body', options: { headers: json, payload: '[]' } },
    { label: 'null body', options: { headers: json, payload: 'null' } },
    { label: 'plain text', options: { headers: { 'content-type': 'text/plain' }, payload: 'text=abc' } },
  );
  for (const field of Object.keys(valid)) {
    const without = { ...valid };
    delete without[field];
    // The proxy of a ticket is optional: without it the request is valid (and is left out here).
    if (field !== 'historyId') list.push({ label: `missing ${field}`, options: { payload: without } });
    for (const [kind, value] of VALUES) {
      // SQL-looking words are a fine message text (stored as written); in any other field they are wrong.
      if (field === 'text' && kind === 'SQL string') continue;
      list.push({ label: `${field} as ${kind}`, options: { payload: { ...valid, [field]: value } } });
    }
  }
  return list;
}

for (const backend of backends) {
  describe(`bad input on every ticket route (${backend})`, () => {
    for (const route of routes) {
      it(`${route.method} ${route.url(':id')}: 4xx with a message, nothing written`, async (t) => {
        const app = await buildSupport(t, backend);
        const alice = await customer(app, 0);
        const staff = await supportMember(app);
        const ticket = (await call(app, alice, 'POST', '/api/support/ticket', { category: 'General', text: 'Existing' })).json<Ticket>();
        const who = route.desk ? staff : alice;
        const before = await supportRowCounts(app);
        for (const { label, options } of cases(route, ticket._id)) {
          const response = await injectWithLogin(app, who.token, { method: route.method, url: route.url(ticket._id), ...options } as InjectOptions);
          assert.ok(response.statusCode >= 400 && response.statusCode < 500, `${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          const body = response.json<{ message: unknown }>();
          assert.equal(typeof body.message, 'string', label);
          assert.ok((body.message as string).length > 0 && (body.message as string).length < 300, label);
          assert.doesNotMatch(response.body, /at .+\.ts:\d+|stack/i, label);
        }
        assert.deepEqual(await supportRowCounts(app), before);
      });
    }
  });
}
