import type { Mailbox } from './mailbox.ts';

// A deployed portal sends real mail through SMTP_URL. Pointed at an SMTP catcher such as Mailpit, the run
// reads the mails through its HTTP API (v1): `GET /api/v1/search?query=to:"…"&limit=1` lists the newest
// matching message first, `GET /api/v1/message/{ID}` has its decoded `Text` (and `HTML`) body.
// E2E_MAILPIT_URL is the catcher's web address, e.g. http://mailpit.staging:8025; credentials of its
// basic auth may be given in it (http://user:pass@host:8025).

interface SearchResponse {
  messages?: Array<{ ID: string }>;
}

interface MessageResponse {
  Text?: string;
  HTML?: string;
}

export function mailpitMailbox(address: string): Mailbox {
  const url = new URL(address);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (url.username || url.password) {
    const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  const base = url.href.replace(/\/+$/, '');
  const description = `Mailpit at ${base}`;

  async function getJson<T>(path: string): Promise<T> {
    const response = await fetch(`${base}${path}`, { headers });
    // A catcher that is configured but unreachable or refusing is a broken setup, not a missing power.
    if (!response.ok) throw new Error(`${description}: GET ${path} answered ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  return {
    description,
    async newestTo(recipient) {
      const query = new URLSearchParams({ query: `to:"${recipient}"`, limit: '1' });
      const found = await getJson<SearchResponse>(`/api/v1/search?${query}`);
      const id = found.messages?.[0]?.ID;
      if (!id) return undefined;
      const message = await getJson<MessageResponse>(`/api/v1/message/${encodeURIComponent(id)}`);
      return message.Text || message.HTML || '';
    },
  };
}
