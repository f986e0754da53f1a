import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  formatIPv6,
  NOT_AN_ADDRESS,
  NOT_NUMERIC,
  numericHostIPv4,
  parseCredentials,
  parseGreeting,
  parseIPv6,
  parseRequest,
  Reply,
  successReply,
} from './socks5-protocol.ts';

test('a greeting is parsed whole, waits for missing bytes, and refuses another version', () => {
  assert.equal(parseGreeting(Buffer.from([0x05])), null);
  assert.equal(parseGreeting(Buffer.from([0x05, 0x02, 0x00])), null);
  const greeting = parseGreeting(Buffer.from([0x05, 0x02, 0x00, 0x02, 0xaa]));
  assert.ok(greeting && !greeting.malformed);
  assert.deepEqual([...greeting.methods], [0x00, 0x02]);
  assert.equal(greeting.length, 4);
  assert.deepEqual(parseGreeting(Buffer.from([0x04, 0x01, 0x00])), { malformed: true });
  assert.deepEqual(parseGreeting(Buffer.from([0x04])), { malformed: true });
  assert.deepEqual(parseGreeting(Buffer.from([0x05, 0x00])), { malformed: true });
});

test('credentials of 1 to 255 bytes are read; empty fields and another sub-negotiation version are refused', () => {
  const long = 'a'.repeat(255);
  const message = Buffer.concat([Buffer.from([0x01, 255]), Buffer.from(long), Buffer.from([255]), Buffer.from(long)]);
  for (let cut = 0; cut < message.length; cut += 37) assert.equal(parseCredentials(message.subarray(0, cut)), null);
  const parsed = parseCredentials(message);
  assert.ok(parsed && !parsed.malformed);
  assert.equal(parsed.username, long);
  assert.equal(parsed.length, 513);
  assert.deepEqual(parseCredentials(Buffer.from([0x01, 0x00, 0x01, 0x61])), { malformed: true });
  assert.deepEqual(parseCredentials(Buffer.from([0x01, 0x01, 0x61, 0x00])), { malformed: true });
  assert.deepEqual(parseCredentials(Buffer.from([0x05, 0x01, 0x61, 0x01, 0x62])), { malformed: true });
});

test('requests name IPv4, IPv6 and domain targets; bad fields get the RFC reply', () => {
  const v4 = parseRequest(Buffer.from([0x05, 0x01, 0x00, 0x01, 93, 184, 215, 14, 0x01, 0xbb]));
  assert.deepEqual(v4, { malformed: false, command: 1, target: { kind: 'ip', family: 4, address: '93.184.215.14', port: 443 }, length: 10 });
  const v6bytes = parseIPv6('2001:db8::1')!;
  const v6 = parseRequest(Buffer.from([0x05, 0x01, 0x00, 0x04, ...v6bytes, 0x00, 0x50]));
  assert.ok(v6 && !v6.malformed);
  assert.deepEqual(v6.target, { kind: 'ip', family: 6, address: '2001:db8::1', port: 80 });
  const name = Buffer.from('example.com');
  const domain = parseRequest(Buffer.concat([Buffer.from([0x05, 0x01, 0x00, 0x03, name.length]), name, Buffer.from([0, 80])]));
  assert.ok(domain && !domain.malformed);
  assert.deepEqual(domain.target, { kind: 'domain', host: 'example.com', port: 80 });
  const literal = Buffer.from('127.0.0.1');
  const asName = parseRequest(Buffer.concat([Buffer.from([0x05, 0x01, 0x00, 0x03, literal.length]), literal, Buffer.from([0, 80])]));
  assert.ok(asName && !asName.malformed);
  assert.deepEqual(asName.target, { kind: 'ip', family: 4, address: '127.0.0.1', port: 80 });

  assert.equal(parseRequest(Buffer.from([0x05, 0x01, 0x00, 0x01, 1, 2, 3])), null);
  assert.deepEqual(parseRequest(Buffer.from([0x05, 0x01, 0x00, 0x09, 0, 0])), { malformed: true, reply: Reply.addressTypeNotSupported });
  assert.deepEqual(parseRequest(Buffer.from([0x05, 0x01, 0x01, 0x01])), { malformed: true, reply: Reply.generalFailure });
  assert.deepEqual(parseRequest(Buffer.from([0x04, 0x01])), { malformed: true, reply: Reply.generalFailure });
  const bad = Buffer.from('exa mple');
  assert.deepEqual(
    parseRequest(Buffer.concat([Buffer.from([0x05, 0x01, 0x00, 0x03, bad.length]), bad, Buffer.from([0, 80])])),
    { malformed: true, reply: Reply.hostUnreachable },
  );
});

test('a name that spells an IPv4 address in numbers is that address, in every form inet_aton reads', () => {
  const loopback = 0x7f000001;
  for (const spelling of ['127.0.0.1', '127.0.0.1.', '2130706433', '0x7f000001', '0X7F000001', '0x7f.1', '0177.0.0.1', '0177.1', '017700000001', '127.1', '127.0.1', '0x7f.0.0.0x1']) {
    assert.equal(numericHostIPv4(spelling), loopback, spelling);
  }
  assert.equal(numericHostIPv4('0'), 0);
  assert.equal(numericHostIPv4('0x'), 0);
  assert.equal(numericHostIPv4('10.1'), 0x0a000001);
  assert.equal(numericHostIPv4('0xa9fea9fe'), 0xa9fea9fe);
  assert.equal(numericHostIPv4('4294967295'), 0xffffffff);
  for (const spelling of ['4294967296', '256.1', '1.2.3.256', '1.2.3.4.5', '08', '1.09', 'a.1', 'example.123', '1..2', '0x1.0x1000000']) {
    assert.equal(numericHostIPv4(spelling), NOT_AN_ADDRESS, spelling);
  }
  for (const name of ['localhost', 'example.com', '1e5', '123.example', '0x7f.example', 'a1', '1a']) {
    assert.equal(numericHostIPv4(name), NOT_NUMERIC, name);
  }

  const request = (host: string) => parseRequest(Buffer.concat([Buffer.from([0x05, 0x01, 0x00, 0x03, host.length]), Buffer.from(host), Buffer.from([0, 80])]));
  assert.deepEqual(request('0x7f.1'), { malformed: false, command: 1, target: { kind: 'ip', family: 4, address: '127.0.0.1', port: 80 }, length: 13 });
  assert.deepEqual(request('1.2.3.4.5'), { malformed: true, reply: Reply.hostUnreachable });
});

test('IPv6 text round-trips in canonical form', () => {
  for (const [text, canonical] of [
    ['::1', '::1'],
    ['::', '::'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['fe80::1:0:0:1', 'fe80::1:0:0:1'],
    ['::ffff:10.0.0.1', '::ffff:a00:1'],
    ['1:0:0:2:0:0:0:3', '1:0:0:2::3'],
  ]) {
    assert.equal(formatIPv6(parseIPv6(text!)!), canonical, text);
  }
  assert.equal(parseIPv6('1::2::3'), null);
  assert.equal(parseIPv6('12345::'), null);
});

test('the success reply carries the bound address', () => {
  assert.deepEqual([...successReply('127.0.0.1', 4242)], [5, 0, 0, 1, 127, 0, 0, 1, 0x10, 0x92]);
  assert.deepEqual([...successReply('::ffff:10.0.0.2', 1)], [5, 0, 0, 1, 10, 0, 0, 2, 0, 1]);
  assert.equal(successReply('::1', 80).length, 22);
});
