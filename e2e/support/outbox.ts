import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

// With SMTP_URL unset the API writes each mail as a .eml file into <DATA_DIR>/outbox (DATA_DIR is
// <E2E_RUN_DIR>/data in the e2e server's environment); tests read the mails a customer would get from there.

function outboxDir(): string {
  const runDir = process.env.E2E_RUN_DIR;
  if (!runDir) throw new Error('E2E_RUN_DIR is not set: run through playwright.config.ts');
  return join(runDir, 'data', 'outbox');
}

/** The body of a raw message, undoing quoted-printable (soft line breaks, =XX bytes) where the headers say so. */
function decodedBody(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  if (!/^content-transfer-encoding:\s*quoted-printable/im.test(headers)) return body;
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The newest mail sent to `address` (files are named by ISO time, so they sort by sending time). */
async function newestMailTo(address: string): Promise<string | undefined> {
  let names: string[];
  try {
    names = (await readdir(outboxDir())).filter((name) => name.endsWith('.eml')).sort().reverse();
  } catch {
    return undefined;
  }
  const recipient = new RegExp(`^To:.*\\b${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'im');
  for (const name of names) {
    const raw = await readFile(join(outboxDir(), name), 'utf8');
    if (recipient.test(raw.slice(0, raw.search(/\r?\n\r?\n/)))) return decodedBody(raw);
  }
  return undefined;
}

/** Waits for a password-reset mail to `address` newer than `after` and returns the link in it. */
export async function resetLinkMailedTo(address: string, after?: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const body = await newestMailTo(address);
      link = body?.match(/https?:\/\/\S+\/reset-password\/\S+/)?.[0];
      return link !== undefined && link !== after;
    }, { message: `a reset mail to ${address}` })
    .toBe(true);
  return link as string;
}
