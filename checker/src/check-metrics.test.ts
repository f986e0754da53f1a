import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CheckMetrics } from './check-metrics.ts';

test('counts checks by outcome and their durations in buckets, in the Prometheus text format', () => {
  const metrics = new CheckMetrics();
  metrics.record('online', 40);
  metrics.record('online', 300);
  metrics.record('connect', 2000);
  metrics.record('auth', null);
  const lines = metrics.render().split('\n');
  for (const line of [
    'private_sock5_checker_checks_total{outcome="online"} 2',
    'private_sock5_checker_checks_total{outcome="connect"} 1',
    'private_sock5_checker_checks_total{outcome="auth"} 1',
    'private_sock5_checker_check_duration_seconds_bucket{le="0.05"} 1',
    'private_sock5_checker_check_duration_seconds_bucket{le="0.5"} 2',
    'private_sock5_checker_check_duration_seconds_bucket{le="2"} 3',
    'private_sock5_checker_check_duration_seconds_bucket{le="+Inf"} 3',
    'private_sock5_checker_check_duration_seconds_sum 2.34',
    'private_sock5_checker_check_duration_seconds_count 3',
    '# TYPE private_sock5_checker_checks_total counter',
    '# TYPE private_sock5_checker_check_duration_seconds histogram',
  ]) {
    assert.ok(lines.includes(line), line);
  }
});

test('checks per second over the last minute: older seconds drop out', () => {
  let now = 1_000_000;
  const metrics = new CheckMetrics(() => now);
  for (let i = 0; i < 30; i++) metrics.record('online', 10);
  now += 30_000;
  for (let i = 0; i < 30; i++) metrics.record('connect', 10);
  assert.equal(metrics.perSecond(), 1);
  now += 45_000;
  assert.equal(metrics.perSecond(), 0.5, 'the first 30 are older than a minute');
  assert.ok(metrics.render().includes('private_sock5_checker_checks_per_second 0.5\n'));
});
