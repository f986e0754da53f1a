import type { HistoryItem } from 'contract/history';

// Selected proxies as text for proxy clients and spreadsheets: one proxy a line in the two usual notations,
// or CSV with a header row.

export const EXPORT_FORMATS = [
  { value: 'auth-at-host', label: 'login:pass@host:port', extension: 'txt' },
  { value: 'host-then-auth', label: 'host:port:login:pass', extension: 'txt' },
  { value: 'csv', label: 'CSV', extension: 'csv' },
] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number]['value'];

type Exported = Pick<
  HistoryItem,
  'history_id' | 'proxy' | 'socks_auth' | 'real_ip' | 'country' | 'region' | 'city' | 'zip' | 'isp' | 'user_type' | 'online' | 'paid' | 'renew' | 'price' | 'added_timestamp' | 'expires_at'
>;

const CSV_COLUMNS = [
  'history_id', 'host', 'port', 'login', 'password', 'real_ip', 'country', 'region', 'city', 'zip', 'isp', 'type',
  'online', 'paid', 'renew', 'price', 'bought', 'expires',
] as const;

/** Splits `host:port` and `login:pass` (the login and password never contain ':'). */
function parts(item: Exported) {
  const colon = item.proxy.lastIndexOf(':');
  const [login = '', password = ''] = item.socks_auth.split(':');
  return { host: item.proxy.slice(0, colon), port: item.proxy.slice(colon + 1), login, password };
}

/** A CSV field, quoted when it holds a separator, a quote or a line break; a leading =, +, - or @ is defused for spreadsheets. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function exportProxies(items: readonly Exported[], format: ExportFormat): string {
  if (format === 'csv') {
    const lines = items.map((item) => {
      const { host, port, login, password } = parts(item);
      return [
        item.history_id, host, port, login, password, item.real_ip, item.country, item.region, item.city, item.zip, item.isp,
        item.user_type, item.online, item.paid, item.renew, item.price.toFixed(2), item.added_timestamp, item.expires_at,
      ]
        .map(csvField)
        .join(',');
    });
    return `${[CSV_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
  }
  return items
    .map((item) => {
      const { host, port, login, password } = parts(item);
      return format === 'auth-at-host' ? `${login}:${password}@${host}:${port}` : `${host}:${port}:${login}:${password}`;
    })
    .join('\n');
}

export function exportFileName(format: ExportFormat, date: Date): string {
  const extension = EXPORT_FORMATS.find((option) => option.value === format)?.extension ?? 'txt';
  return `proxies-${date.toISOString().slice(0, 10)}.${extension}`;
}
