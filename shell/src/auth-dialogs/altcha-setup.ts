// ALTCHA under a strict Content Security Policy: the default bundle starts its proof-of-work workers from
// blob: URLs and injects a <style> element, both refused by a CSP without 'unsafe-inline' or blob:. The
// `external` build ships neither; its workers and stylesheet are emitted by webpack as plain files of the
// shell (`new URL(..., import.meta.url)` is an asset), so they load from our own origin under 'self'.
// Webpack resolves `new URL` without the "import" condition the package's exports map needs, hence paths.
import 'altcha/external';

const stylesheet = new URL('../../node_modules/altcha/dist/external/altcha.css', import.meta.url);
const workers = {
  sha: new URL('../../node_modules/altcha/dist/workers/sha.js', import.meta.url),
  pbkdf2: new URL('../../node_modules/altcha/dist/workers/pbkdf2.js', import.meta.url),
  argon2id: new URL('../../node_modules/altcha/dist/workers/argon2id.js', import.meta.url),
  scrypt: new URL('../../node_modules/altcha/dist/workers/scrypt.js', import.meta.url),
};

const algorithms: Record<string, URL> = {
  'SHA-256': workers.sha,
  'SHA-384': workers.sha,
  'SHA-512': workers.sha,
  'PBKDF2/SHA-256': workers.pbkdf2,
  'PBKDF2/SHA-384': workers.pbkdf2,
  'PBKDF2/SHA-512': workers.pbkdf2,
  ARGON2ID: workers.argon2id,
  SCRYPT: workers.scrypt,
};
for (const [name, url] of Object.entries(algorithms)) {
  globalThis.$altcha.algorithms.set(name, () => new Worker(url));
}

if (!document.head.querySelector('link[data-altcha-stylesheet]')) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = stylesheet.href;
  link.dataset.altchaStylesheet = '';
  document.head.append(link);
}
