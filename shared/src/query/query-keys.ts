/**
 * Query keys of server data, one per cached call; marketplace keys start with 'proxy', payments keys with
 * 'payments', account settings keys with 'account', ticket keys with `ticketsRoot` (the socket's `ticket`
 * event refetches all of those in use).
 */
export const queryKeys = {
  user: (userId: string) => ['user', userId] as const,
  portalConfig: ['config'] as const,
  balance: ['proxy', 'balance'] as const,
  regions: ['proxy', 'region'] as const,
  states: ['proxy', 'states'] as const,
  countries: (region: string) => ['proxy', 'countries', region] as const,
  search: (country: string, state?: string) => ['proxy', 'search', country, state ?? ''] as const,
  proxyInfo: (id: string) => ['proxy', 'info', id] as const,
  find: (query: string) => ['proxy', 'find', query] as const,
  availability: (ids: readonly string[]) => ['proxy', 'availability', ...ids] as const,
  myProxies: ['proxy', 'my'] as const,
  history: ['proxy', 'history'] as const,
  historyAll: ['proxy', 'history', 'all'] as const,
  usage: (historyId: string) => ['proxy', 'usage', historyId] as const,
  topups: (userId: string) => ['payments', 'topups', userId] as const,
  expenses: ['payments', 'expenses'] as const,
  accountSecurity: ['account', 'security'] as const,
  signIns: ['account', 'sign-ins'] as const,
  apiKeys: ['account', 'api-keys'] as const,
  webhooks: ['account', 'webhooks'] as const,
  ticketsRoot: ['support', 'tickets'] as const,
  tickets: (userId: string) => ['support', 'tickets', 'mine', userId] as const,
  ticket: (ticketId: string) => ['support', 'tickets', 'one', ticketId] as const,
  deskTickets: (status: string, category: string) => ['support', 'tickets', 'desk', status, category] as const,
  deskTicket: (ticketId: string) => ['support', 'tickets', 'desk-one', ticketId] as const,
  refundableProxies: ['support', 'refundable'] as const,
  /** The operator console's figures of one area (the socket's `operator` event refetches them). */
  operator: (area: 'inventory' | 'money' | 'leases') => ['operator', area] as const,
  supportLinks: ['support', 'links'] as const,
};
