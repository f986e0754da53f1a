/**
 * How long the lists the dashboard opens with (tab counts, US states, the customer's proxies) count as
 * fresh: a list mounted again soon after (another tab and back) takes the answer it has. Changes made
 * meanwhile still show at once: the socket's events and a purchase refetch these lists.
 */
export const FIRST_LISTS_FRESH_MS = 5_000;
