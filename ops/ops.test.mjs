// The production examples in ops/ are valid for the tools that read them: systemd's units
// (`systemd-analyze verify`) and HAProxy's configuration (`haproxy -c`). A tool that is not installed
// skips its check with a note.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const ops = import.meta.dirname;
const installed = (tool) => spawnSync(tool, ['--version']).status === 0 || spawnSync(tool, ['-v']).status === 0;

test('systemd units verify', { skip: installed('systemd-analyze') ? false : 'systemd-analyze is not installed' }, () => {
  const dir = join(ops, 'systemd');
  const units = readdirSync(dir).filter((name) => /\.(service|target)$/.test(name));
  assert.ok(units.length >= 5);
  const result = spawnSync('systemd-analyze', ['verify', '--man=no', ...units.map((unit) => `./${unit}`)], { cwd: dir, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stderr.trim(), '', 'no warnings either');
});

test('the target starts units shipped here, and checks run only in the long-running checker service', () => {
  const dir = join(ops, 'systemd');
  const files = readdirSync(dir);
  const wants = /^Wants=(.*)$/m.exec(readFileSync(join(dir, 'private-sock5.target'), 'utf8'))?.[1]?.split(/\s+/) ?? [];
  assert.ok(wants.length > 0);
  for (const unit of wants) {
    // private-sock5-api@8081.service is an instance of the template private-sock5-api@.service.
    const file = unit.replace(/@[^.]+\./, '@.');
    assert.ok(files.includes(file), `private-sock5.target wants ${unit}, but ops/systemd has no ${file}`);
  }
  // The checker service checks every exit on its own schedule; a timer running one-off checks beside it
  // would check everything twice.
  for (const name of files) {
    assert.doesNotMatch(name, /\.timer$/, `${name}: no unit here runs on a timer`);
    const text = readFileSync(join(dir, name), 'utf8');
    assert.doesNotMatch(text, /^Type=oneshot$/m, `${name}: every service here is long-running`);
  }
});

test('the HAProxy configuration is valid, checks readiness and keeps WebSockets open', { skip: installed('haproxy') ? false : 'haproxy is not installed' }, () => {
  const file = join(ops, 'haproxy', 'haproxy.cfg');
  const result = spawnSync('haproxy', ['-c', '-f', file], { encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr + result.stdout);
});
