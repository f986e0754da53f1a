import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createDestinationPolicy } from './destination-policy.ts';

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
