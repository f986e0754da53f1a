/**
 * How long the lists the dashboard opens with (tab counts, US states, the customer's proxies) count as
 * fresh. The page asks for them as it starts rendering (usePrefetchFirstLists in dashboard-page.tsx); the
 * lists mount a moment later and must take that answer instead of asking again. Changes made meanwhile
 * still show at once: the socket's events and a purchase refetch these lists.
 */
export const FIRST_LISTS_FRESH_MS = 5_000;
