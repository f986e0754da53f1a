/** Query keys of server data, one per cached call; marketplace keys start with 'proxy', payments keys with 'payments'. */
export const queryKeys = {
  user: (userId: string) => ['user', userId] as const,
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
  topups: (userId: string) => ['payments', 'topups', userId] as const,
  expenses: ['payments', 'expenses'] as const,
};
