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
