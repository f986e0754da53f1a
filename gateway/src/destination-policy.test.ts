import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createDestinationPolicy, isPublicAddress } from './destination-policy.ts';

test('private, loopback, link-local, CGNAT, multicast, reserved and own addresses are refused by default', () => {
  const policy = createDestinationPolicy({ allowLoopback: false, ownAddresses: ['93.184.215.99'] });
  for (const address of [
    '127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.0.1', '169.254.169.254', '100.64.1.1', '0.0.0.0', '224.0.0.251',
    '255.255.255.255', '198.18.0.1', '192.0.2.1', '93.184.215.99', '::1', '::', 'fe80::1', 'fd00::1', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:169.254.169.254', '64:ff9b::a00:1', '2001:db8::1', 'not-an-address',
  ]) {
    assert.equal(policy.allowsAddress(address), false, address);
  }
  for (const address of ['93.184.215.14', '1.1.1.1', '2606:4700:4700::1111', '::ffff:1.1.1.1']) {
    assert.equal(policy.allowsAddress(address), true, address);
  }
});

test('mail ports are always closed; a test configuration may reach loopback', () => {
  const policy = createDestinationPolicy({ allowLoopback: true, ownAddresses: ['127.0.0.1', '::1', '10.9.9.9'] });
  assert.equal(policy.allowsAddress('127.0.0.1'), true);
  assert.equal(policy.allowsAddress('::1'), true);
  assert.equal(policy.allowsAddress('10.9.9.9'), false);
  for (const port of [25, 465, 587, 0]) assert.equal(policy.allowsPort(port), false);
  for (const port of [80, 443, 2525]) assert.equal(policy.allowsPort(port), true);
});

test('every IPv6 form that carries an IPv4 address is judged by that address, or refused whole', () => {
  const policy = createDestinationPolicy({ allowLoopback: false, ownAddresses: [] });
  const forms = (ipv4: string, hex: string) => [
    `::ffff:${ipv4}`, // mapped
    `::${ipv4}`, // compatible (deprecated)
    `::ffff:0:${ipv4}`, // IPv4-translated (RFC 2765, SIIT)
    `64:ff9b::${ipv4}`, // NAT64, well-known prefix (RFC 6052)
    `0:0:0:0:0:ffff:${hex}`,
    `0:0:0:0:ffff:0:${hex}`,
    `64:ff9b:0:0:0:0:${hex}`,
  ];
  for (const [ipv4, hex] of [
    ['127.0.0.1', '7f00:1'],
    ['10.0.0.1', 'a00:1'],
    ['169.254.169.254', 'a9fe:a9fe'],
    ['192.168.1.1', 'c0a8:101'],
    ['100.64.0.1', '6440:1'],
    ['0.0.0.0', '0:0'],
  ] as const) {
    for (const address of forms(ipv4, hex).filter((form) => form !== '::0.0.0.0')) assert.equal(policy.allowsAddress(address), false, address);
  }
  for (const address of forms('93.184.215.14', '5db8:d70e')) assert.equal(policy.allowsAddress(address), true, address);
  // Blocks whose addresses tunnel or translate to any IPv4 address, refused whole: 6to4, Teredo, local-use NAT64.
  for (const address of ['2002:5db8:d70e::1', '2002:7f00:1::1', '2001:0:4136:e378:8000:63bf:80ff:fffe', '64:ff9b:1::5db8:d70e', '64:ff9b:1:ffff::1']) {
    assert.equal(policy.allowsAddress(address), false, address);
  }
  // IPv6's own unspecified and loopback addresses are not IPv4-compatible 0.0.0.0 and 0.0.0.1.
  assert.equal(policy.allowsAddress('::'), false);
  assert.equal(policy.allowsAddress('::1'), false);
});

test('isPublicAddress: the same rules, for callers that check an address without a gateway of their own', () => {
  for (const address of ['1.1.1.1', '2606:4700:4700::1111', '::ffff:1.1.1.1', '64:ff9b::101:101']) assert.equal(isPublicAddress(address), true, address);
  for (const address of ['127.0.0.1', '::1', '::ffff:0:7f00:1', '64:ff9b::a00:1', '10.0.0.1', 'fd00::1', '169.254.169.254', 'localhost', '']) {
    assert.equal(isPublicAddress(address), false, address);
  }
});
