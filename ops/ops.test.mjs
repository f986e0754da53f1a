// The production examples in ops/ are valid for the tools that read them: systemd's units
// (`systemd-analyze verify`) and HAProxy's configuration (`haproxy -c`). A tool that is not installed
// skips its check with a note.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ops = import.meta.dirname;
const installed = (tool) => spawnSync(tool, ['--version']).status === 0 || spawnSync(tool, ['-v']).status === 0;

test('systemd units verify', { skip: installed('systemd-analyze') ? false : 'systemd-analyze is not installed' }, () => {
  const dir = join(ops, 'systemd');
  const units = readdirSync(dir).filter((name) => /\.(service|timer|target)$/.test(name));
  assert.ok(units.length >= 5);
  const result = spawnSync('systemd-analyze', ['verify', '--man=no', ...units.map((unit) => `./${unit}`)], { cwd: dir, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stderr.trim(), '', 'no warnings either');
});

test('the HAProxy configuration is valid, checks readiness and keeps WebSockets open', { skip: installed('haproxy') ? false : 'haproxy is not installed' }, () => {
  const file = join(ops, 'haproxy', 'haproxy.cfg');
  const result = spawnSync('haproxy', ['-c', '-f', file], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr + result.stdout);
});
