// README and docs/ point at each other by relative links, to files and to their headings. Sections move between
// the files as they grow, so every relative link of every markdown file in the repository must reach a file that
// exists and, when it names a heading (`file.md#heading`), a heading of that file. The checker is tried first on
// planted files, so a check that finds nothing cannot pass unnoticed.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Text outside fenced code blocks and inline code, where `[text](target)` is a link. */
function prose(markdown) {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(markdown) {
  const seen = new Map();
  const found = new Set();
  for (const [, heading] of markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const slug = heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}_\- ]/gu, '')
      .replace(/ /g, '-');
    const repeats = seen.get(slug) ?? 0;
    seen.set(slug, repeats + 1);
    found.add(repeats === 0 ? slug : `${slug}-${repeats}`);
  }
  return found;
}

/** Every relative link of `files` (paths under `root`) that reaches no file, or no heading of the file it names. */
function brokenLinks(root, files) {
  const broken = [];
  const headings = new Map();
  const headingsOf = (file) => {
    if (!headings.has(file)) headings.set(file, anchors(readFileSync(join(root, file), 'utf8')));
    return headings.get(file);
  };
  for (const file of files) {
    for (const [, target] of prose(readFileSync(join(root, file), 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [path, fragment] = target.split('#', 2);
      const linked = path ? normalize(join(dirname(file), path)) : file;
      if (linked.startsWith('..') || !existsSync(join(root, linked))) broken.push(`${file}: ${target} (no such file)`);
      else if (fragment && linked.endsWith('.md') && !headingsOf(linked).has(fragment)) {
        broken.push(`${file}: ${target} (no such heading in ${linked})`);
      }
    }
  }
  return broken;
}

test('the link check reports a link to a missing file and to a missing heading, and nothing else', () => {
  const root = mkdtempSync(join(tmpdir(), 'doc-links-'));
  try {
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'README.md'), '# Shop\n\n## Quick start\n\nSee [gone](docs/gone.md), [area](docs/area.md#figures), [top](#quick-start).\n');
    writeFileSync(join(root, 'docs', 'area.md'), '# Area (`area/`)\n\n## Figures\n\nBack: [README](../README.md#no-such-part), [self](#area-area).\n\n```sh\necho [not](a-link.md)\n```\n');
    assert.deepEqual(brokenLinks(root, ['README.md', 'docs/area.md']), [
      'README.md: docs/gone.md (no such file)',
      'docs/area.md: ../README.md#no-such-part (no such heading in README.md)',
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("every relative link in the repository's markdown reaches its file and heading", () => {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], { cwd: repo, encoding: 'utf8' });
  const files = listed
    .split('\n')
    .filter((file) => file && !file.split('/').includes('node_modules') && existsSync(join(repo, file)))
    .map((file) => relative(repo, join(repo, file)));
  assert.ok(files.includes('README.md') && files.some((file) => file.startsWith('docs/')), `markdown files found: ${files.join(', ')}`);
  assert.deepEqual(brokenLinks(repo, files), []);
});
