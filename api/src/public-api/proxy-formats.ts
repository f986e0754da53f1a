// Downloads of a customer's proxies: a text line per proxy from a template, CSV, or JSON.
import { DEFAULT_TXT_TEMPLATE, TEMPLATE_FIELDS, type V1Proxy } from 'contract/public-api';

type TemplateField = (typeof TEMPLATE_FIELDS)[number];

function fieldValue(proxy: V1Proxy, field: TemplateField): string {
  switch (field) {
    case 'id':
      return proxy.id;
    case 'host':
      return proxy.host;
    case 'port':
      return String(proxy.port);
    case 'login':
      return proxy.login;
    case 'password':
      return proxy.password;
    case 'endpoint':
      return proxy.endpoint;
    case 'expires_at':
      return proxy.expiresAt;
    case 'country':
      return proxy.country;
    case 'state':
      return proxy.state;
    case 'city':
      return proxy.city;
  }
}

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The first placeholder of a template that is not a known field, or null when all are. */
export function unknownPlaceholder(template: string): string | null {
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!(TEMPLATE_FIELDS as readonly string[]).includes(name)) return `{${name}}`;
  }
  return null;
}

/** One line per proxy, placeholders replaced (the template is checked with unknownPlaceholder first). */
export function proxiesAsText(proxies: readonly V1Proxy[], template = DEFAULT_TXT_TEMPLATE): string {
  return proxies.map((proxy) => template.replace(PLACEHOLDER, (_whole, name: string) => fieldValue(proxy, name as TemplateField))).join('\n') + (proxies.length > 0 ? '\n' : '');
}

const CSV_FIELDS: readonly TemplateField[] = ['id', 'host', 'port', 'login', 'password', 'expires_at', 'country', 'state', 'city'];

function csvCell(value: string): string {
  // A cell a spreadsheet would run as a formula is prefixed with a quote mark.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function proxiesAsCsv(proxies: readonly V1Proxy[]): string {
  const lines = [CSV_FIELDS.join(','), ...proxies.map((proxy) => CSV_FIELDS.map((field) => csvCell(fieldValue(proxy, field))).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
