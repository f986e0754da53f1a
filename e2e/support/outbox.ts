import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailbox } from './mailbox.ts';

// With SMTP_URL unset the API writes each mail as a .eml file into <DATA_DIR>/outbox; a run that can read
// that folder (its own portal, or one on this machine named by E2E_OUTBOX_DIR) reads the mails from there.

/** The body of a raw message, undoing quoted-printable (soft line breaks, =XX bytes) where the headers say so. */
function decodedBody(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split);
  const body = raw.slice(split).trim();
  if (!/^content-transfer-encoding:\s*quoted-printable/im.test(headers)) return body;
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export function outboxMailbox(dir: string): Mailbox {
  return {
    description: `the outbox ${dir}`,
    // Files are named by ISO time, so they sort by sending time.
    async newestTo(address) {
      let names: string[];
      try {
        names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort().reverse();
      } catch {
        return undefined;
      }
      const recipient = new RegExp(`^To:.*\\b${address.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'im');
      for (const name of names) {
        const raw = await readFile(join(dir, name), 'utf8');
        if (recipient.test(raw.slice(0, raw.search(/\r?\n\r?\n/)))) return decodedBody(raw);
      }
      return undefined;
    },
  };
}
