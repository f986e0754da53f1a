/** Query keys of server data. `proxy` groups everything a proxy search, info, region or country call invalidates. */
export const queryKeys = {
  user: (userId: string) => ['user', userId] as const,
  proxy: ['proxy'] as const,
  balance: ['proxy', 'balance'] as const,
  regions: ['proxy', 'region'] as const,
  states: ['proxy', 'states'] as const,
  countries: (region: string) => ['proxy', 'countries', region] as const,
  search: (country: string, state?: string) => ['proxy', 'search', country, state ?? ''] as const,
  proxyInfo: (id: string) => ['proxy', 'info', id] as const,
  myProxies: ['proxy', 'my'] as const,
  history: ['proxy', 'history'] as const,
  topups: (userId: string) => ['payments', 'topups', userId] as const,
  expenses: ['payments', 'expenses'] as const,
  orders: (userId: string) => ['orders', userId] as const,
  tickets: (userId: string) => ['tickets', userId] as const,
  ticket: (ticketId: string) => ['ticket', ticketId] as const,
  messages: (ticketId: string) => ['ticket', ticketId, 'messages'] as const,
};
